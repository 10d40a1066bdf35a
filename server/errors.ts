/** The envelope codes of the contract (openapi.yaml `ResultCode`). */
export const ResultCode = {
  ok: 0,
  error: 1,
  sessionGone: 700,
  illegalToken: 50008,
  loggedInElsewhere: 50012,
  tokenExpired: 50014,
} as const;

export type ErrorCode = Exclude<(typeof ResultCode)[keyof typeof ResultCode], 0>;

/** A rule of the product was broken; the message is shown to the user as it is. */
export class DomainError extends Error {
  constructor(
    message: string,
    readonly code: ErrorCode = ResultCode.error,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/** SPEC §8: the text of a call whose area is not built yet. */
export const notYetMessage = 'Sorry, not yet';
