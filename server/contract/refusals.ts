import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { ResultCode } from '../errors.ts';
import { defaultLanguage, translate } from '../i18n/server-messages.ts';

/** The msg of each refusal the framework or Node makes before a handler runs. */
export const refusalMessages: Record<number, string> = {
  400: 'Input error',
  404: 'Not found',
  408: 'Input error: the request took too long',
  413: 'Input error: the request is too large',
  415: 'Input error: this content type is not accepted',
  429: 'Too many requests: please wait a moment and try again',
  431: 'Input error: the request headers are too large',
  500: 'Error',
};

/**
 * Node answers a request it cannot parse (headers over the limit, a broken request line) before
 * Fastify sees it; this writes that answer in the envelope as well.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  // The request could not be read, so neither could its language: the default one answers.
  const body = JSON.stringify({ code: ResultCode.error, msg: translate(refusalMessages[status]!, defaultLanguage), data: null });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}
