import type { FastifyRequest } from 'fastify';
import type { operations } from '../../src/api/schema.d.ts';
import type { ServerContext } from '../server-context.ts';

export type OperationId = keyof operations;

// Absent parts are `never` or `undefined` in the generated types; both mean "nothing" here.
type QueryOf<O> = O extends { parameters: { query?: infer Q } } ? ([NonNullable<Q>] extends [never] ? object : NonNullable<Q>) : object;
type BodyOf<O> = O extends { requestBody?: infer R }
  ? [NonNullable<R>] extends [never]
    ? object
    : NonNullable<R> extends { content: infer C }
      ? C[keyof C]
      : object
  : object;

/** What a handler receives: the query of a GET, the body of a POST, validated by the contract. */
export type InputOf<K extends OperationId> = QueryOf<operations[K]> & BodyOf<operations[K]>;

/** The `data` of the operation's 200 envelope. */
export type DataOf<K extends OperationId> = operations[K]['responses'] extends {
  200: { content: { 'application/json': infer E } };
}
  ? E extends { data: infer D }
    ? D
    : never
  : never;

/** The user behind a valid token. */
export interface SessionUser {
  id: number;
  sessionId: number;
  isAnchor: boolean;
  roles: ReadonlySet<string>;
}

export interface HandlerContext<K extends OperationId> {
  input: InputOf<K>;
  /** The logged-in user, or null for a guest on a public call. */
  user: SessionUser | null;
  /** The logged-in user; throws the session-gone answer (700) for a guest. */
  me(): SessionUser;
  /** Sets the msg of a successful answer, for calls whose contract puts a confirmation there. */
  say(message: string): void;
  /** The client's Idempotency-Key for calls that move money. */
  idempotencyKey: string | undefined;
  request: FastifyRequest;
  server: ServerContext;
}

export type Handler<K extends OperationId> = (context: HandlerContext<K>) => Promise<DataOf<K>>;

export type AreaHandlers = { [K in OperationId]?: Handler<K> };
