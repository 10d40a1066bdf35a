import type { FastifyInstance } from 'fastify';
import type { MessageParams } from '../i18n/server-messages.ts';

/**
 * How deep a JSON body may nest. No call of the contract nests past a handful of levels; a body of
 * 20,000 open brackets once overflowed the stack of whatever walked it, so the depth is checked on
 * the raw text, before anything parses or walks it.
 */
export const maxJsonDepth = 32;

/** Whether the JSON text nests deeper than `limit`; brackets inside strings do not count. One pass, no recursion. */
export function jsonNestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 0x5c /* \ */) index++;
      else if (char === 0x22 /* " */) inString = false;
    } else if (char === 0x22) {
      inString = true;
    } else if (char === 0x5b /* [ */ || char === 0x7b /* { */) {
      if (++depth > limit) return true;
    } else if (char === 0x5d /* ] */ || char === 0x7d /* } */) {
      depth--;
    }
  }
  return false;
}

/** A refusal of the body before it is parsed; the error handler answers it as code 1 with this message. */
export class BodyRefusal extends Error {
  readonly statusCode = 400;
  constructor(
    message: string,
    readonly params: MessageParams,
  ) {
    super(message);
  }
}

export const bodyMessages = { tooDeep: 'Input error: the body is nested more than {levels} levels deep' } as const;

/**
 * Replaces Fastify's JSON parser with one that first refuses bodies nested deeper than
 * `maxJsonDepth`, then parses as Fastify does (prototype poisoning refused).
 */
export function parseJsonWithDepthLimit(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (jsonNestsDeeperThan(text, maxJsonDepth)) {
      done(new BodyRefusal(bodyMessages.tooDeep, { levels: maxJsonDepth }), undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
