import { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';

// The request log a developer reads and a disk holds. At the default level (info) requests are counted, and one
// summary line per interval says how many there were, how they ended and how long they took; a request that failed
// (5xx) or was slow gets a line of its own. Every request gets its line only at debug (or trace), as it did by
// default before: 287 MB in five minutes of load, and a fifth of a small answer's cost, for lines nobody read.

export interface RequestLogOptions {
  /** One summary line per this many ms (LOG_SUMMARY_MS); default a minute. */
  summaryEveryMs?: number;
  /** A request that took longer than this gets its own line (LOG_SLOW_MS); default 1 s. */
  slowMs?: number;
  /** At debug: the share of requests that get their line, 0 to 1 (LOG_SAMPLE); default 1. */
  sample?: number;
}

/** One ended request, as the log sees it: the route's pattern, never its path's values or its query. */
export interface EndedRequest {
  method: string;
  route: string;
  status: number;
  ms: number;
}

/** How many request times a summary keeps for its percentiles; past this, a uniform sample of them. */
const keptTimes = 4096;

/** The requests of one interval, summed up: counts, how they ended, their times' percentiles, the busiest routes. */
export class RequestTally {
  #count = 0;
  #clientErrors = 0;
  #serverErrors = 0;
  #slow = 0;
  #maxMs = 0;
  readonly #times = new Float64Array(keptTimes);
  readonly #routes = new Map<string, number>();
  readonly #random: () => number;

  constructor(random: () => number = Math.random) {
    this.#random = random;
  }

  get count(): number {
    return this.#count;
  }

  add(request: EndedRequest, slow: boolean): void {
    const index = this.#count++;
    if (request.status >= 500) this.#serverErrors++;
    else if (request.status >= 400) this.#clientErrors++;
    if (slow) this.#slow++;
    if (request.ms > this.#maxMs) this.#maxMs = request.ms;
    // Reservoir sampling: every request's time has the same chance to be among those kept.
    if (index < keptTimes) this.#times[index] = request.ms;
    else {
      const slot = Math.floor(this.#random() * (index + 1));
      if (slot < keptTimes) this.#times[slot] = request.ms;
    }
    const key = `${request.method} ${request.route}`;
    this.#routes.set(key, (this.#routes.get(key) ?? 0) + 1);
  }

  /** The interval's summary as a log line's fields and text; the tally starts again empty. */
  take(intervalMs: number): { fields: Record<string, unknown>; text: string } {
    const times = this.#times.slice(0, Math.min(this.#count, keptTimes)).sort();
    const at = (share: number) => round(times[Math.min(times.length - 1, Math.floor(share * times.length))] ?? 0);
    const busiest = [...this.#routes].sort((a, b) => b[1] - a[1]).slice(0, 3);
    const fields = {
      requests: this.#count,
      seconds: Math.round(intervalMs / 1000),
      clientErrors: this.#clientErrors,
      serverErrors: this.#serverErrors,
      slow: this.#slow,
      p50Ms: at(0.5),
      p99Ms: at(0.99),
      maxMs: round(this.#maxMs),
      busiest: Object.fromEntries(busiest),
    };
    const text =
      `${fields.requests} requests in ${fields.seconds} s (${fields.clientErrors} 4xx, ${fields.serverErrors} 5xx, ${fields.slow} slow): ` +
      `p50 ${fields.p50Ms} ms, p99 ${fields.p99Ms} ms, max ${fields.maxMs} ms; busiest ${busiest.map(([route, count]) => `${route} ×${count}`).join(', ')}`;
    this.#count = this.#clientErrors = this.#serverErrors = this.#slow = this.#maxMs = 0;
    this.#routes.clear();
    return { fields, text };
  }
}

function round(ms: number): number {
  return Math.round(ms * 10) / 10;
}

/**
 * The request log at its app's logger level: every request at debug; at info, a summary per interval and a line for
 * each failed or slow request; at warn and above, a warning for each slow request only (failures are logged by the
 * error handler). Lines carry the path without its query, which may hold a code or a token; never headers or bodies.
 *
 * It is the app's log controller (Fastify's `logController`): Fastify tells it of each answer written, as it listens
 * for that anyway when it has a logger, so the log costs no onResponse hook, which every request paid for. Fastify's
 * own request lines stay off.
 */
export class RequestLog extends LogController {
  readonly #options: RequestLogOptions;
  #completed: (request: FastifyRequest, reply: FastifyReply) => void = () => undefined;

  constructor(options: RequestLogOptions = {}) {
    super({ disableRequestLogging: true });
    this.#options = options;
  }

  /** Starts the log of `app`, whose log controller this is, at its logger's level. */
  attach(app: FastifyInstance): void {
    const level = app.log.level;
    const slowMs = this.#options.slowMs ?? 1000;
    if (level === 'debug' || level === 'trace') {
      const sample = this.#options.sample ?? 1;
      if (sample <= 0) return;
      this.#completed = (request, reply) => {
        if (sample >= 1 || Math.random() < sample) {
          request.log.debug({ method: request.method, path: pathOf(request.url), status: reply.statusCode, ms: round(reply.elapsedTime) }, 'request');
        }
      };
      return;
    }
    const summarises = level === 'info';
    if (!summarises && level !== 'warn') return;
    const tally = new RequestTally();
    const everyMs = this.#options.summaryEveryMs ?? 60_000;
    let since = performance.now();
    const flush = (log: FastifyBaseLogger) => {
      if (tally.count === 0) return;
      const now = performance.now();
      const { fields, text } = tally.take(now - since);
      since = now;
      log.info(fields, text);
    };
    if (summarises) {
      const timer = setInterval(() => flush(app.log), everyMs);
      timer.unref();
      app.addHook('onClose', (_instance, done) => {
        clearInterval(timer);
        flush(app.log);
        done();
      });
    }
    this.#completed = (request, reply) => {
      const ms = reply.elapsedTime;
      const status = reply.statusCode;
      const slow = ms > slowMs;
      if (summarises) {
        tally.add({ method: request.method, route: request.routeOptions.url ?? '(no route)', status, ms }, slow);
        if (status >= 500) request.log.info({ method: request.method, path: pathOf(request.url), status, ms: round(ms) }, 'request answered with a server error');
      }
      if (slow) request.log.warn({ method: request.method, path: pathOf(request.url), status, ms: round(ms) }, 'slow request');
    };
  }

  override requestCompleted(_error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    this.#completed(request, reply);
  }
}

function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/** Fields that hold a secret, wherever a log line's object carries them: written as [secret]. */
const secretPaths = ['password', 'token', 'secret', 'streamKey', 'stream_key', 'code_verifier', 'authorization', 'cookie'];

/**
 * The site's logger settings: LOG_LEVEL, else warn in production and info otherwise; a secret a line's object
 * carries (a token, a password, a header of a request passed whole) is censored, at the first level of the object
 * and the second.
 */
export function siteLoggerOptions(env: NodeJS.ProcessEnv): { level: string; redact: { paths: string[]; censor: string } } {
  return {
    level: env.LOG_LEVEL || (env.NODE_ENV === 'production' ? 'warn' : 'info'),
    redact: { paths: [...secretPaths, ...secretPaths.map((name) => `*.${name}`)], censor: '[secret]' },
  };
}

/** The request log's settings from the environment: LOG_SUMMARY_MS, LOG_SLOW_MS, LOG_SAMPLE. */
export function requestLogOptionsFrom(env: NodeJS.ProcessEnv): RequestLogOptions {
  const number = (value: string | undefined) => (value ? Number(value) : undefined);
  return { summaryEveryMs: number(env.LOG_SUMMARY_MS), slowMs: number(env.LOG_SLOW_MS), sample: number(env.LOG_SAMPLE) };
}
