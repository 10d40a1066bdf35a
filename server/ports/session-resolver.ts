/** The user behind a valid token. */
export interface SessionUser {
  id: number;
  sessionId: number;
  isAnchor: boolean;
  roles: ReadonlySet<string>;
}

export type SessionLookup =
  | { status: 'ok'; user: SessionUser }
  | { status: 'missing' | 'illegal' | 'revoked' | 'elsewhere' | 'expired' };

/** Finds the session behind a token; the account area's session service answers it, the HTTP routes and the sockets ask. */
export type SessionResolver = (token: string) => Promise<SessionLookup>;
