import createClient, { type Client, type ClientPathsWithMethod, type MaybeOptionalInit, type Middleware } from 'openapi-fetch';
import type { SessionEvent } from '../machines/session-machine.ts';
import type { paths } from './schema';

/** SPEC §7 and §9: every request gives up after 20 s. */
export const requestTimeoutMs = 20_000;

/** The contract has GET (query parameters) and POST (body) calls only. */
export type ApiMethod = 'get' | 'post';

/** The contract's paths that answer the method. */
export type ApiPath<M extends ApiMethod> = ClientPathsWithMethod<Client<paths>, M>;

/** The `data` of a call's 200 envelope, as the contract defines it. */
export type ApiData<P extends keyof paths, M extends ApiMethod> = paths[P][M] extends {
  responses: { 200: { content: { 'application/json': { data: infer Data } } } };
}
  ? Data
  : never;

/** A call's parameters and body; optional when the call needs none (openapi-fetch's own rule). */
export type ApiInit<P extends keyof paths, M extends ApiMethod> = InitParam<MaybeOptionalInit<paths[P], M>>;

type InitParam<Init> =
  RequiredKeysOf<Init> extends never ? [(Init & { [key: string]: unknown })?] : [Init & { [key: string]: unknown }];
type RequiredKeysOf<T> = RequiredKeysOfHelper<T> extends undefined ? never : RequiredKeysOfHelper<T>;
type RequiredKeysOfHelper<T> = { [K in keyof T]: Partial<Pick<T, K>> extends Pick<T, K> ? never : K }[keyof T];

/** Why a call failed: the envelope's non-zero code and msg, or `network` (no usable answer). */
export class ApiError extends Error {
  readonly code: number | 'network';
  readonly msg: string;

  constructor(code: number | 'network', msg: string) {
    super(code === 'network' ? 'network error' : `code ${String(code)}: ${msg}`);
    this.name = 'ApiError';
    this.code = code;
    this.msg = msg;
  }
}

/** Calls the contract and resolves with the envelope's `data`; rejects with an ApiError. */
export interface ApiCalls {
  get<P extends ApiPath<'get'>>(path: P, ...init: ApiInit<P, 'get'>): Promise<ApiData<P, 'get'>>;
  post<P extends ApiPath<'post'>>(path: P, ...init: ApiInit<P, 'post'>): Promise<ApiData<P, 'post'>>;
}

export interface Api extends ApiCalls {
  /** The same calls, whose failures reject but are not told to the session (no toast, no 700 handling): SPEC §8 ignores failures of the system config, upload token and customer-service info. */
  readonly quiet: ApiCalls;
}

export interface ApiOptions {
  /** Origin of the server: `window.location.origin` in the browser, an absolute URL in tests. */
  baseUrl: string;
  /** Receives `response.failed` and `network.failed`; in the app, the session actor. */
  session: { send: (event: SessionEvent) => void };
  /** Defaults to the 20 s of the spec. */
  timeoutMs?: number;
  /** The logged-in user's token, read at each request (the app gives the stored user's); none by default. */
  token?: () => string | null;
  /** The site's language, read at each request and sent as `lang`, so the server answers in it; none by default. */
  language?: () => string;
  /** Sends the request; defaults to the global fetch (tests and stories pass a stub). */
  fetch?: (request: Request) => Promise<Response>;
}

const unheard: ApiOptions['session'] = { send: () => undefined };
const noToken = () => null;

/** How many times a call the starting site put off (503 with Retry-After) is sent again; then its 503 stands. */
const startupRetries = 30;

/**
 * Sends a request again while the site answers that it is still starting (503 with Retry-After: its database is
 * opening; the page itself is served at once). Nothing ran for such an answer, so a POST is sent again as safely
 * as a GET. The request's own signal (the 20 s timeout) still ends the wait.
 */
export function throughStartup(send: (request: Request) => Promise<Response>): (request: Request) => Promise<Response> {
  return async (request) => {
    for (let attempt = 0; ; attempt++) {
      const response = await send(request.clone());
      const retryAfter = response.headers.get('retry-after');
      if (response.status !== 503 || retryAfter === null || attempt >= startupRetries) return response;
      const waitMs = Math.min(5_000, Math.max(100, Number(retryAfter) * 1000 || 1000));
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(resolve, waitMs);
        request.signal.addEventListener(
          'abort',
          () => {
            clearTimeout(timer);
            reject(request.signal.reason as Error);
          },
          { once: true },
        );
      });
    }
  };
}

export function createApi({ baseUrl, session, timeoutMs = requestTimeoutMs, token = noToken, language, fetch }: ApiOptions): Api {
  const send = throughStartup(fetch ?? ((request) => globalThis.fetch(request)));
  const calls = (told: ApiOptions['session']): ApiCalls => {
    const client = createClient<paths>({ baseUrl, fetch: send });
    client.use(tokenHeader(token), ...(language ? [languageHeader(language)] : []), timeout(timeoutMs), envelope(told));
    return {
      get: (path, ...init) => unwrap(client.GET(path, ...init)),
      post: (path, ...init) => unwrap(client.POST(path, ...init)),
    };
  };
  return { ...calls(session), quiet: calls(unheard) };
}

function tokenHeader(readToken: () => string | null): Middleware {
  return {
    onRequest({ request }) {
      const token = readToken();
      if (token) request.headers.set('token', token);
    },
  };
}

function languageHeader(readLanguage: () => string): Middleware {
  return {
    onRequest({ request }) {
      request.headers.set('lang', readLanguage());
    },
  };
}

function timeout(ms: number): Middleware {
  return {
    onRequest({ request }) {
      return new Request(request, { signal: AbortSignal.any([request.signal, AbortSignal.timeout(ms)]) });
    },
  };
}

function envelope(session: ApiOptions['session']): Middleware {
  return {
    async onResponse({ response }) {
      const body: unknown = await response
        .clone()
        .json()
        .catch(() => undefined);
      if (isEnvelope(body) && body.code !== 0) {
        session.send({ type: 'response.failed', code: body.code, msg: body.msg });
        throw new ApiError(body.code, body.msg);
      }
      if (!isEnvelope(body) || !response.ok) {
        // Not an answer of our server (a proxy's error page, say): as good as no answer.
        session.send({ type: 'network.failed' });
        throw new ApiError('network', '');
      }
      return undefined;
    },
    onError({ error }) {
      // A caller that cancels (a query no longer needed) did not meet a network error.
      if (error instanceof DOMException && error.name === 'AbortError') return error;
      session.send({ type: 'network.failed' });
      return new ApiError('network', '');
    },
  };
}

function isEnvelope(body: unknown): body is { code: number; msg: string } {
  return (
    typeof body === 'object' &&
    body !== null &&
    'code' in body &&
    typeof body.code === 'number' &&
    'msg' in body &&
    typeof body.msg === 'string'
  );
}

async function unwrap<Data>(call: Promise<{ data?: unknown; error?: unknown }>): Promise<Data> {
  const { data } = await call;
  // The envelope middleware let only `code: 0` answers through; their shape is the contract's.
  return (data as { data: Data }).data;
}
