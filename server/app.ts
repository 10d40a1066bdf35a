import { existsSync, mkdirSync } from 'node:fs';
import { sep } from 'node:path';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { accountFrames } from './areas/account/account-frames.ts';
import { accountHandlers } from './areas/account/account-handlers.ts';
import { adminHandlers } from './areas/admin/admin-handlers.ts';
import { anchorHandlers } from './areas/anchor/anchor-handlers.ts';
import { accountRoutes } from './areas/account/account-routes.ts';
import { resolveSession } from './areas/account/session-service.ts';
import { videoRoutes } from './areas/video/video-routes.ts';
import { chatFrames } from './areas/chat/chat-frames.ts';
import { chatHandlers } from './areas/chat/chat-handlers.ts';
import { expertHandlers } from './areas/expert/expert-handlers.ts';
import { circleHandlers } from './areas/circle/circle-handlers.ts';
import { contentHandlers } from './areas/content/content-handlers.ts';
import { giftsHandlers } from './areas/gifts/gifts-handlers.ts';
import { liveFrames } from './areas/live/live-frames.ts';
import { liveHandlers } from './areas/live/live-handlers.ts';
import { endBroadcast, roomOfStreamKey, startBroadcast } from './areas/live/broadcast-service.ts';
import { liveDevRoutes } from './areas/live/live-dev-routes.ts';
import { feedDevRoutes } from './areas/scores/feed-dev-routes.ts';
import { scoresHandlers } from './areas/scores/scores-handlers.ts';
import { socialHandlers } from './areas/social/social-handlers.ts';
import { tasksHandlers } from './areas/tasks/tasks-handlers.ts';
import { videoHandlers } from './areas/video/video-handlers.ts';
import { paymentRoutes } from './areas/wallet/payment-routes.ts';
import { walletHandlers } from './areas/wallet/wallet-handlers.ts';
import { registerApiRoutes } from './site/api-routes.ts';
import { docsRoutes } from './contract/docs-routes.ts';
import { createServerContext, type ComposedServerContext, type PortOptions } from './create-server-context.ts';
import { composeAreaHandlers, type AreaHandlerRecord } from './ports/area-handlers.ts';
import type { AreaFrameRecord } from './ports/socket-frames.ts';
import { BodyRefusal, parseJsonWithDepthLimit } from './contract/json-depth.ts';
import { lazyValidatorCompiler } from './contract/lazy-validator-compiler.ts';
import { registerRateLimits } from './contract/rate-limits.ts';
import { answerClientError, refusalMessages } from './contract/refusals.ts';
import { ResultCode } from './errors.ts';
import { languageOf, translate } from './i18n/server-messages.ts';
import { hlsRoutes } from './media/hls-routes.ts';
import { ingestRoutes } from './media/ingest/ingest-routes.ts';
import { mediaRoutes } from './media/media-routes.ts';
import { vodRoutes } from './media/vod-routes.ts';
import { ClipLibrary } from './media/hls-clips.ts';
import { registerSocketScope } from './realtime/socket-scope.ts';
import { socketCounterFor } from './adapters/limits/redis-socket-counter.ts';
import type { SocketCounter } from './ports/socket-counter.ts';
import { defaultSocketsPerAddress } from './realtime/socket-address-limit.ts';
import { siteSocketRoutes } from './realtime/site-socket-routes.ts';
import { compressLargeAnswers } from './site/compress-answers.ts';
import { lazyRequestLogger } from './site/request-logger.ts';
import { RequestLog, type RequestLogOptions } from './site/request-log.ts';
import { defaultDistDir } from './site/app-build.ts';
import { AppPage, pageLanguage, siteRoutes, startupMessages, startupPage } from './site/site-pages.ts';

/** Each area's record of handlers (server/areas/<area>/<area>-handlers.ts). */
export const areaHandlerRecords: readonly AreaHandlerRecord[] = [
  accountHandlers,
  anchorHandlers,
  chatHandlers,
  circleHandlers,
  contentHandlers,
  expertHandlers,
  giftsHandlers,
  liveHandlers,
  scoresHandlers,
  socialHandlers,
  tasksHandlers,
  videoHandlers,
  walletHandlers,
  adminHandlers,
];

/** Every area's handlers; an operation missing here answers 'Sorry, not yet'; one handled twice throws. */
export const areaHandlers = composeAreaHandlers(areaHandlerRecords);

/** Every area's record of the socket frames it answers; each frame is answered in one area (socket-frames.test.ts). */
export const areaFrameRecords: readonly AreaFrameRecord[] = [accountFrames, chatFrames, liveFrames];

export interface AppOptions extends PortOptions {
  /**
   * When the database is still starting: pages are served (the start-up page only while the app is being built),
   * and API and socket requests wait for this up to `startupWaitMs` (default 2 s), then get a 503 in the envelope.
   */
  databaseReady?: Promise<unknown>;
  startupWaitMs?: number;
  /** The request log: a summary per interval at info, every request at debug (site/request-log.ts). */
  requestLog?: RequestLogOptions;
  /** Absolute origin of the sitemap's links (SITE_URL); default: the request's. */
  siteUrl?: string;
  /** The built app; when it does not exist only the API is served. */
  distDir?: string;
  /** The app is being built into `distDir` (a fresh clone's first start): pages get the start-up page until this settles. */
  appBuilt?: Promise<unknown>;
  logger?: FastifyServerOptions['logger'];
  /** Per-address limits of the calls the contract marks with `x-rate-limit`; default on. */
  rateLimits?: boolean;
  /** Open sockets one address may hold; default defaultSocketsPerAddress, none when rateLimits is off. */
  socketsPerAddress?: number;
  /** Where open sockets are counted; default Redis when `redisUrl` names one (every process's), else this process's memory. */
  socketCounter?: SocketCounter;
  /**
   * Which proxies may set X-Forwarded-For (Fastify's trustProxy): per-IP limits read the client
   * address from it, so only a proxy the site really sits behind may be trusted. Default: none.
   */
  trustProxy?: boolean | string;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const requestLog = new RequestLog(options.requestLog);
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: options.trustProxy ?? false,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    clientErrorHandler: answerClientError,
    // Requests are logged by site/request-log.ts when they end (a summary, or one line each at debug); never bodies.
    logController: requestLog,
    childLoggerFactory: lazyRequestLogger,
  });
  requestLog.attach(app);
  const server = await createServerContext(options, app.log, areaFrameRecords);
  app.addHook('onClose', async () => server.frames.stop());

  // One error handler: contract and parser errors become { code: 1, msg }; nothing internal leaks.
  app.setErrorHandler((error: { statusCode?: number; message: string; code?: string }, request, reply) => {
    const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
    // A browser that closed the page mid-answer is no fault of the server's: not an error to alert on.
    if (error.code === 'ERR_STREAM_PREMATURE_CLOSE') request.log.info({ path: request.url.split('?')[0] }, 'the client left before the answer was sent');
    else if (status === 500) request.log.error({ err: error }, 'request failed');
    const language = languageOf(request.headers);
    const msg =
      error instanceof BodyRefusal
        ? translate(error.message, language, error.params)
        : translate(refusalMessages[status] ?? refusalMessages[500]!, language);
    return reply.code(status).send({ code: ResultCode.error, msg, data: null });
  });
  parseJsonWithDepthLimit(app);
  app.setValidatorCompiler(lazyValidatorCompiler);

  const distDir = options.distDir ?? defaultDistDir;
  if (options.appBuilt) mkdirSync(distDir, { recursive: true });
  const servesApp = existsSync(distDir);
  const startup = startupGate(options, servesApp);
  // The security headers are the same on every answer of a kind: made once, then set as they are (helmet's
  // per-request middleware chain cost more than some whole API answers). One hook sets them and, while the site
  // starts, answers what cannot wait: every hook is paid on every request.
  const pageHeaders = await securityHeaders();
  const apiHeaders = apiSecurityHeaders(pageHeaders);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiAnswer(request.url) ? apiHeaders : pageHeaders);
    // Once started, a request passes in the same turn (an async hook cost every request a promise and a turn).
    if (startup.started()) {
      done();
      return;
    }
    startup.answer(request, reply).then((answered) => {
      if (!answered) done();
    }, done);
  });

  // With Redis the sockets of an address are counted across every process behind the balancer.
  const socketsPerAddress = options.socketsPerAddress ?? (options.rateLimits === false ? Number.POSITIVE_INFINITY : defaultSocketsPerAddress);
  const socketCounter = options.socketCounter ?? socketCounterFor(Number.isFinite(socketsPerAddress) ? options.redisUrl : undefined, app.log);
  app.addHook('onClose', async () => socketCounter.close());
  // External plugins first, then the app's own, then routes (STYLE.md, Server).
  await registerSocketScope(app, async (sockets) => {
    await sockets.register(siteSocketRoutes, { hub: server.siteSocket });
    await sockets.register((await import('./realtime/messaging-socket.ts')).messagingSocket, { server, frames: server.frames.im, open: server.imSockets });
  }, { socketsPerAddress, counter: socketCounter });
  if (options.rateLimits ?? true) await registerRateLimits(app, options.redisUrl);

  await app.register(mediaRoutes, { storage: server.storage });
  const clips = new ClipLibrary();
  await app.register(hlsRoutes, { server, clips, ingest: server.ingest });
  await app.register(vodRoutes, { clips });
  await app.register(videoRoutes, { server, resolveSession: (token) => resolveSession(server, token) });
  await app.register(ingestRoutes, {
    server,
    ingest: server.ingest,
    rooms: {
      roomOfStreamKey: (streamKey) => roomOfStreamKey(server, streamKey),
      started: (roomId) => startBroadcast(server, roomId, { pushed: true }),
      ended: (roomId, playbackPath) => endBroadcast(server, roomId, playbackPath),
    },
  });
  // Answers built per request are compressed when large; the app's files were compressed at build time.
  await app.register(async (scope) => {
    compressLargeAnswers(scope);
    await scope.register(async (api) => registerApiRoutes(api, server, areaHandlers, (token) => resolveSession(server, token)));
    await scope.register(accountRoutes, { server });
    await scope.register(feedDevRoutes, { server });
    await scope.register(liveDevRoutes, { server });
    await scope.register(paymentRoutes, { server });
    await scope.register(docsRoutes, { contract: server.contract });
  });
  await app.register(siteRoutes, { siteUrl: options.siteUrl });

  const appPage = servesApp ? new AppPage(distDir) : null;
  if (servesApp) {
    await app.register(fastifyStatic, {
      root: distDir,
      // dist/ holds a .br and a .gz of each text file (vite.config.ts), sent as they are to browsers that take them.
      preCompressed: true,
      // Files are looked up per request, so a rebuild is served without a restart.
      wildcard: true,
      index: ['index.html'],
      setHeaders: (response, filePath) => {
        // Built assets carry their content hash in the name; index.html must be asked for each time.
        const hashed = filePath.includes(`${sep}assets${sep}`);
        response.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    // History fallback: any page path the SPA owns gets index.html, with the page's description. A missing
    // built file is a 404, never index.html: a browser would try to run the page as a script.
    if (appPage && isPagePath(request.method, request.url)) return appPage.send(request, reply);
    return reply.code(404).send({ code: ResultCode.error, msg: translate(refusalMessages[404]!, languageOf(request.headers)), data: null });
  });
  const { feed, bus } = server;
  // The database closes after the server; the feed stops with the server.
  if (feed) app.server.once('close', () => void feed.stop());
  app.addHook('onClose', async () => {
    await bus.close();
    await server.sendCounter.close();
  });
  // For main.ts and tests only: handlers and plugins are handed the context, never look it up.
  app.decorate('serverContext', server);
  return app;
}

/** While the database opens or the app is built: which requests are answered at once, and with what. */
interface StartupGate {
  started(): boolean;
  /** Answers a request the starting site cannot serve yet; false when it may go on. */
  answer(request: FastifyRequest, reply: FastifyReply): Promise<boolean>;
}

function startupGate(options: AppOptions, servesApp: boolean): StartupGate {
  if (!options.databaseReady && !options.appBuilt) return { started: () => true, answer: async () => false };
  let databaseStarted = !options.databaseReady;
  let appBuilt = !options.appBuilt;
  const databaseReady = (options.databaseReady ?? Promise.resolve()).then(() => {
    databaseStarted = true;
  });
  void options.appBuilt?.finally(() => {
    appBuilt = true;
  });
  const waitMs = options.startupWaitMs ?? 2000;
  return {
    started: () => databaseStarted && appBuilt,
    async answer(request, reply) {
      if (['/api/', '/ws', '/hls/'].some((prefix) => request.url.startsWith(prefix))) {
        if (databaseStarted) return false;
        // A call made just before the database is ready waits for it; a longer wait is answered, not hung.
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([databaseReady, new Promise((resolve) => (timer = setTimeout(resolve, waitMs)))]);
        clearTimeout(timer);
        if (databaseStarted) return false;
        const msg = translate(startupMessages.api, languageOf(request.headers));
        void reply.code(503).header('Retry-After', '1').send({ code: ResultCode.error, msg, data: null });
        return true;
      }
      // The app is served as soon as it is built: its calls wait for the database (and the client sends again a
      // call answered 503 with Retry-After), so the first paint does not wait for the database's start.
      if (servesApp && !appBuilt && isPagePath(request.method, request.url)) {
        void reply
          .code(503)
          .header('Retry-After', '1')
          .header('Cache-Control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(startupPage(pageLanguage(request)));
        return true;
      }
      return false;
    },
  };
}

/** The headers @fastify/helmet sets (CSP and the rest), read once from a throwaway instance. */
async function securityHeaders(): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  probe.get('/', async () => '');
  const answer = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(answer.headers)) {
    if (typeof value === 'string' && !['content-type', 'content-length', 'date', 'connection', 'keep-alive'].includes(name)) headers[name] = value;
  }
  return headers;
}

/**
 * The headers of an API answer (OWASP's REST Security Cheat Sheet): JSON is never rendered as a page, so it gets a
 * policy that allows nothing and may not be framed, not the pages' long policy, which was half of a small answer's
 * bytes; it keeps the pages' transport, referrer, sniffing and resource headers.
 */
function apiSecurityHeaders(pageHeaders: Record<string, string>): Record<string, string> {
  const kept = ['strict-transport-security', 'referrer-policy', 'x-content-type-options', 'cross-origin-resource-policy'];
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-frame-options': 'DENY',
    ...Object.fromEntries(kept.flatMap((name) => (pageHeaders[name] === undefined ? [] : [[name, pageHeaders[name]]]))),
  };
}

/** An API call's answer (the contract's docs page under /api is a page). */
function isApiAnswer(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith('/api/docs');
}

/** A path the SPA owns: not a call, a stream, an upload or a built file. */
function isPagePath(method: string, url: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  if (['/api/', '/media/', '/hls/', '/assets/', '/ws', '/im'].some((prefix) => url.startsWith(prefix))) return false;
  return !/\.[a-z0-9]+$/i.test(url.split('?')[0] ?? '');
}

declare module 'fastify' {
  interface FastifyInstance {
    serverContext: ComposedServerContext;
  }
}
