// The answer codes the session machine acts on, in a module of their own: the shell tells the session about a
// 700 pushed over the socket before the machine (and xstate) has loaded.

/** SPEC §8: the session was ended by a login elsewhere; the first within 2 s clears the user. */
export const sessionGoneCode = 700;

/** SPEC §8: these codes mean the token is no longer valid. */
export const loggedOutCodes: ReadonlySet<number> = new Set([50008, 50012, 50014]);
