import type { MessageParams } from './i18n/server-messages.ts';

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

/**
 * A rule of the product was broken. The message is an id of the server's catalogues
 * (server/i18n/messages), said to the user in their language with `params` filled in.
 */
export class DomainError extends Error {
  constructor(
    message: string,
    readonly code: ErrorCode = ResultCode.error,
    readonly params?: MessageParams,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/** What a call answers when its session is missing or gone (SPEC §4: 请登录后操作 for 700). */
export const sessionMessages = {
  gone: '请登录后操作',
  illegal: 'Illegal token',
  elsewhere: 'Logged in elsewhere',
  expired: 'Token expired',
} as const;

/** SPEC §8: the text of a call whose area is not built yet. */
export const notYetMessage = 'Sorry, not yet';
