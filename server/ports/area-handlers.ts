import type { FastifyRequest } from 'fastify';
import type { DataOf, InputOf, OperationId } from '../contract/operation-types.ts';
import type { ServerContext } from './server-context.ts';
import type { SessionUser } from './session-resolver.ts';

/** The areas of the product: openapi.yaml's tags, column 3 of spec/endpoints.tsv, the folders of server/areas. */
export const areas = [
  'account',
  'tasks',
  'scores',
  'live',
  'anchor',
  'gifts',
  'social',
  'wallet',
  'chat',
  'circle',
  'content',
  'video',
  'expert',
  'admin',
] as const;

export type Area = (typeof areas)[number];

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

/** One area's handlers: each operation is handled in the area its contract tag names (STYLE.md, Server). */
export interface AreaHandlerRecord<A extends Area = Area> {
  readonly area: A;
  readonly handlers: AreaHandlers;
}

export function defineAreaHandlers<A extends Area>(area: A, handlers: AreaHandlers): AreaHandlerRecord<A> {
  return { area, handlers };
}

/**
 * Every area's handlers as one map. An operation handled twice throws instead of one silently
 * replacing the other, as an object spread would.
 */
export function composeAreaHandlers(records: readonly AreaHandlerRecord[]): AreaHandlers {
  const composed: Record<string, unknown> = {};
  const handledIn = new Map<string, Area>();
  for (const { area, handlers } of records) {
    for (const [operationId, handler] of Object.entries(handlers)) {
      const earlier = handledIn.get(operationId);
      if (earlier) throw new Error(`${operationId} is handled twice: in ${earlier} and in ${area}`);
      handledIn.set(operationId, area);
      composed[operationId] = handler;
    }
  }
  return composed as AreaHandlers;
}

/** The operations a record handles. */
export function operationsOf(record: AreaHandlerRecord): OperationId[] {
  return Object.keys(record.handlers) as OperationId[];
}
