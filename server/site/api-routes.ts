import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, notYetMessage, ResultCode, sessionMessages, type ErrorCode } from '../errors.ts';
import { languageOf, translate, type MessageParams } from '../i18n/server-messages.ts';
import type { ServerContext } from '../ports/server-context.ts';
import { PreparedAnswer } from './compress-answers.ts';
import { inputErrorOf, type ContractOperation } from '../contract/contract.ts';
import { fieldWithForbiddenCharacter, textCharacterMessages } from '../contract/text-characters.ts';
import type { AreaHandlers, Handler, HandlerContext } from '../ports/area-handlers.ts';
import type { OperationId } from '../contract/operation-types.ts';
import type { SessionLookup, SessionResolver, SessionUser } from '../ports/session-resolver.ts';

const sessionCodes: Record<Exclude<SessionLookup['status'], 'ok'>, ErrorCode> = {
  missing: ResultCode.sessionGone,
  revoked: ResultCode.sessionGone,
  illegal: ResultCode.illegalToken,
  elsewhere: ResultCode.loggedInElsewhere,
  expired: ResultCode.tokenExpired,
};

const sessionRefusals: Record<Exclude<SessionLookup['status'], 'ok'>, string> = {
  missing: sessionMessages.gone,
  revoked: sessionMessages.gone,
  illegal: sessionMessages.illegal,
  elsewhere: sessionMessages.elsewhere,
  expired: sessionMessages.expired,
};

export const apiMessages = {
  permissionDenied: 'Permission denied',
  idempotencyKey: 'Input error: Idempotency-Key is required',
  notMultipart: 'Input error: the body must be multipart/form-data',
  notFound: 'Not found',
} as const;

function envelope(code: number, msg: string, data: unknown) {
  return { code, msg, data };
}

/**
 * Reads whose answer is the same for every visitor who is not logged in: that answer is serialized once and
 * the same bytes sent for `ttlMs` (validation and the session check still run per request). Kept in the
 * server's cache under the prefix of the data it is made of, so what forgets that data forgets the answer.
 */
interface SharedAnswer {
  ttlMs: number;
  prefix: string;
  /** What else the answer depends on besides the query and the language. */
  vary?: (request: FastifyRequest) => string;
}
const sharedAnswers: Partial<Record<OperationId, SharedAnswer>> = {
  // Its socket address is the request's host.
  universalGetConfig: { ttlMs: 1_000, prefix: 'site_config', vary: (request) => `${request.protocol}://${request.host}` },
  liveStreamingGetLiveList: { ttlMs: 1_000, prefix: 'live_rooms:' },
};

function hasRole(user: SessionUser, role: string | undefined): boolean {
  if (!role) return true;
  if (user.roles.has('admin')) return true;
  // An anchor manages their own room; whether they manage this room is the service's check.
  if (role === 'manager') return user.isAnchor || user.roles.has('manager');
  if (role === 'anchor') return user.isAnchor;
  return user.roles.has(role);
}

/**
 * Routes every contract operation: session (asked of `resolveSession`, which the account area answers), role,
 * validation, then the area's handler or 'Sorry, not yet'.
 */
export function registerApiRoutes(app: FastifyInstance, server: ServerContext, handlers: AreaHandlers, resolveSession: SessionResolver): void {
  const route = (scope: FastifyInstance, operation: ContractOperation) => {
    const handler = handlers[operation.operationId as OperationId] as Handler<OperationId> | undefined;
    scope.route({
      method: operation.method.toUpperCase() as 'GET' | 'POST',
      url: operation.path,
      ...(operation.rateLimit
        ? { config: { rateLimit: { max: operation.rateLimit.max, timeWindow: operation.rateLimit.perSeconds * 1000 } } }
        : {}),
      handler: (request, reply) => {
        if (handler && sendSharedAnswerNow(operation, server, request, reply)) return;
        return answer(operation, handler, server, resolveSession, request, reply);
      },
    });
  };
  for (const operation of server.contract.operations) if (operation.bodyKind !== 'multipart') route(app, operation);
  // Multipart bodies are streamed to the handler that owns them, which checks each file's content and size as it
  // reads (and may tighten these bounds); no file the site takes is over 50 MB (SPEC §5). Only the uploads pay for
  // the plugin's hooks, two on every request of its scope.
  void app.register(async (uploads) => {
    await uploads.register(multipart, { limits: { fileSize: 50 * 1024 * 1024, files: 4, fields: 16, fieldSize: 16 * 1024, parts: 20 } });
    for (const operation of server.contract.operations) if (operation.bodyKind === 'multipart') route(uploads, operation);
  });
  app.all('/api/*', async (request, reply) =>
    reply.code(404).send(envelope(ResultCode.error, translate(apiMessages.notFound, languageOf(request.headers)), null)),
  );
}

function sharedAnswerKey(
  operation: ContractOperation,
  shared: SharedAnswer,
  request: FastifyRequest,
  language: string,
  input: Record<string, unknown>,
): string {
  return `${shared.prefix}answer:${operation.operationId}:${shared.vary?.(request) ?? ''}:${language}:${JSON.stringify(input)}`;
}

/**
 * Sends a shared answer already made to a visitor without a token, in the same turn: no promise, no session lookup.
 * False when `answer` must run (a token, a refused query, nothing made yet); it then does all of it again.
 */
function sendSharedAnswerNow(operation: ContractOperation, server: ServerContext, request: FastifyRequest, reply: FastifyReply): boolean {
  const shared = sharedAnswers[operation.operationId as OperationId];
  if (!shared || operation.requiresLogin || request.headers.token) return false;
  const input = { ...(request.query as Record<string, unknown>) };
  const validate = operation.inputValidator();
  if (validate && !validate(input)) return false;
  const cached = server.cache.peek(sharedAnswerKey(operation, shared, request, languageOf(request.headers), input));
  return cached?.value instanceof PreparedAnswer && cached.value.sendNow(request, reply);
}

async function answer(
  operation: ContractOperation,
  handler: Handler<OperationId> | undefined,
  server: ServerContext,
  resolveSession: SessionResolver,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const language = languageOf(request.headers);
  const refusal = (code: number, text: string, params?: MessageParams) => envelope(code, translate(text, language, params), null);
  if (!handler) return refusal(ResultCode.error, notYetMessage);

  const token = request.headers.token;
  const lookup: SessionLookup =
    typeof token === 'string' && token.length > 0 ? await resolveSession(token) : { status: 'missing' };
  const user = lookup.status === 'ok' ? lookup.user : null;
  if (operation.requiresLogin && lookup.status !== 'ok') {
    return refusal(sessionCodes[lookup.status], sessionRefusals[lookup.status]);
  }
  if (user && !hasRole(user, operation.role)) return refusal(ResultCode.error, apiMessages.permissionDenied);

  const idempotencyKey = request.headers['idempotency-key'];
  if (operation.needsIdempotencyKey && (typeof idempotencyKey !== 'string' || !/^[A-Za-z0-9_-]{8,64}$/.test(idempotencyKey))) {
    return reply.code(400).send(refusal(ResultCode.error, apiMessages.idempotencyKey));
  }

  let input: Record<string, unknown> = {};
  if (operation.bodyKind === 'multipart') {
    // The handler reads the form itself (request.parts()), so a file is checked while it streams.
    if (!request.isMultipart()) {
      return reply.code(400).send(refusal(ResultCode.error, apiMessages.notMultipart));
    }
  } else {
    input =
      operation.method === 'get'
        ? { ...(request.query as Record<string, unknown>) }
        : structuredClone((request.body ?? {}) as Record<string, unknown>);
    const validate = operation.inputValidator();
    if (validate && !validate(input)) {
      const { text, params } = inputErrorOf(validate.errors);
      return reply.code(400).send(refusal(ResultCode.error, text, params));
    }
    const badText = fieldWithForbiddenCharacter(input);
    if (badText !== null) {
      return reply
        .code(400)
        .send(badText ? refusal(ResultCode.error, textCharacterMessages.field, { field: badText }) : refusal(ResultCode.error, textCharacterMessages.input));
    }
  }

  let message = '';
  const context: HandlerContext<OperationId> = {
    input: input as HandlerContext<OperationId>['input'],
    user,
    me() {
      if (!user) throw new DomainError(sessionMessages.gone, ResultCode.sessionGone);
      return user;
    },
    say(text) {
      message = text;
    },
    idempotencyKey: typeof idempotencyKey === 'string' ? idempotencyKey : undefined,
    request,
    server,
  };
  try {
    const run = async () => {
      const data = await handler(context);
      return envelope(ResultCode.ok, message && translate(message, language), data);
    };
    const shared = user === null ? sharedAnswers[operation.operationId as OperationId] : undefined;
    if (!shared) return await run();
    const key = sharedAnswerKey(operation, shared, request, language, input);
    const prepared = await server.cache.get(key, shared.ttlMs, async () => new PreparedAnswer(JSON.stringify(await run())));
    return await prepared.send(request, reply);
  } catch (error) {
    if (error instanceof DomainError) {
      // A refused upload is not read to its end (the rest could be 50 MB or more): the answer
      // closes the connection instead of leaving it waiting for the rest of the body.
      if (operation.bodyKind === 'multipart' && !request.raw.readableEnded) reply.header('connection', 'close');
      return refusal(error.code, error.message, error.params);
    }
    throw error;
  }
}
