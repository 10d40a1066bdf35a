import type { operations } from '../../src/api/schema.d.ts';

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
