import { existsSync } from 'node:fs';
import { sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { accountHandlers } from './areas/account/account-handlers.ts';
import { adminHandlers } from './areas/admin/admin-handlers.ts';
import { accountRoutes } from './areas/account/account-routes.ts';
import { chatHandlers } from './areas/chat/chat-handlers.ts';
import { contentHandlers } from './areas/content/content-handlers.ts';
import { liveHandlers } from './areas/live/live-handlers.ts';
import { feedDevRoutes } from './areas/scores/feed-dev-routes.ts';
import { scoresHandlers } from './areas/scores/scores-handlers.ts';
import { socialHandlers } from './areas/social/social-handlers.ts';
import { tasksHandlers } from './areas/tasks/tasks-handlers.ts';
import { paymentRoutes } from './areas/wallet/payment-routes.ts';
import { walletHandlers } from './areas/wallet/wallet-handlers.ts';
import { registerApiRoutes } from './contract/api-routes.ts';
import { docsRoutes } from './contract/docs-routes.ts';
import { createServerContext, type PortOptions } from './create-server-context.ts';
import { composeAreaHandlers, type AreaHandlerRecord } from './contract/area-handlers.ts';
import { BodyRefusal, parseJsonWithDepthLimit } from './contract/json-depth.ts';
import { registerRateLimits } from './contract/rate-limits.ts';
import { answerClientError, refusalMessages } from './contract/refusals.ts';
import { ResultCode } from './errors.ts';
import { languageOf, translate } from './i18n/server-messages.ts';
import { hlsRoutes } from './media/hls-routes.ts';
import { mediaRoutes } from './media/media-routes.ts';
import { scoreSocket } from './realtime/score-socket.ts';
import type { ServerContext } from './server-context.ts';

export const defaultDistDir = fileURLToPath(new URL('../dist/', import.meta.url));

/** Each area's record of handlers (server/areas/<area>/<area>-handlers.ts). */
export const areaHandlerRecords: readonly AreaHandlerRecord[] = [
  accountHandlers,
  chatHandlers,
  contentHandlers,
  liveHandlers,
  scoresHandlers,
  socialHandlers,
  tasksHandlers,
  walletHandlers,
  adminHandlers,
];

/** Every area's handlers; an operation missing here answers 'Sorry, not yet'; one handled twice throws. */
export const areaHandlers = composeAreaHandlers(areaHandlerRecords);

export interface AppOptions extends PortOptions {
  /** When the database is still starting: API and socket requests wait for this first. */
  databaseReady?: Promise<unknown>;
  /** The built app; when it does not exist only the API is served. */
  distDir?: string;
  logger?: FastifyServerOptions['logger'];
  /** Per-address limits of the calls the contract marks with `x-rate-limit`; default on. */
  rateLimits?: boolean;
  /**
   * Which proxies may set X-Forwarded-For (Fastify's trustProxy): per-IP limits read the client
   * address from it, so only a proxy the site really sits behind may be trusted. Default: none.
   */
  trustProxy?: boolean | string;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: options.trustProxy ?? false,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    clientErrorHandler: answerClientError,
  });
  const server = await createServerContext(options, app.log);

  // One error handler: contract and parser errors become { code: 1, msg }; nothing internal leaks.
  app.setErrorHandler((error: { statusCode?: number; message: string }, request, reply) => {
    const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error({ err: error }, 'request failed');
    const language = languageOf(request.headers);
    const msg =
      error instanceof BodyRefusal
        ? translate(error.message, language, error.params)
        : translate(refusalMessages[status] ?? refusalMessages[500]!, language);
    return reply.code(status).send({ code: ResultCode.error, msg, data: null });
  });
  parseJsonWithDepthLimit(app);

  if (options.databaseReady) {
    let databaseStarted = false;
    const databaseReady = options.databaseReady.then(() => {
      databaseStarted = true;
    });
    app.addHook('onRequest', async (request) => {
      if (!databaseStarted && ['/api/', '/ws', '/hls/'].some((prefix) => request.url.startsWith(prefix))) {
        await databaseReady;
      }
    });
  }

  // External plugins first, then the app's own, then routes (STYLE.md, Server).
  await app.register(helmet, {
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
  // The app's JS is about 500 KiB raw and 160 KiB gzipped; gzip only, brotli costs too much CPU per request.
  await app.register(compress, { global: true, encodings: ['gzip'], threshold: 1024 });
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  if (options.rateLimits ?? true) await registerRateLimits(app, options.redisUrl);

  await app.register(mediaRoutes, { storage: server.storage });
  await app.register(hlsRoutes, { server });
  await app.register(scoreSocket, { hub: server.scoreHub });
  await app.register(async (scope) => registerApiRoutes(scope, server, areaHandlers));
  await app.register(accountRoutes, { server });
  await app.register(feedDevRoutes, { server });
  await app.register(paymentRoutes, { server });
  await app.register((await import('./realtime/messaging-socket.ts')).messagingSocket, { server });
  await app.register(docsRoutes, { contract: server.contract });

  const distDir = options.distDir ?? defaultDistDir;
  if (existsSync(distDir)) {
    await app.register(fastifyStatic, {
      root: distDir,
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
  const servesApp = existsSync(distDir);
  app.setNotFoundHandler((request, reply) => {
    // History fallback: any page path the SPA owns gets index.html. A missing built file is a 404,
    // never index.html: a browser would try to run the page as a script.
    const ownedElsewhere = ['/api/', '/media/', '/hls/', '/assets/'].some((prefix) => request.url.startsWith(prefix));
    const looksLikeFile = /\.[a-z0-9]+$/i.test(request.url.split('?')[0] ?? '');
    if (servesApp && request.method === 'GET' && !ownedElsewhere && !looksLikeFile) {
      return reply.type('text/html').sendFile('index.html');
    }
    return reply.code(404).send({ code: ResultCode.error, msg: translate(refusalMessages[404]!, languageOf(request.headers)), data: null });
  });
  const { feed, bus } = server;
  // The database closes after the server; the feed stops with the server.
  if (feed) app.server.once('close', () => void feed.stop());
  app.addHook('onClose', async () => {
    await bus.close();
  });
  // For main.ts and tests only: handlers and plugins are handed the context, never look it up.
  app.decorate('serverContext', server as ServerContext);
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    serverContext: ServerContext;
  }
}
