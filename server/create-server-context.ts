import type { FastifyBaseLogger } from 'fastify';
import { altchaCaptcha } from './adapters/captcha/altcha-captcha.ts';
import type { Captcha } from './ports/captcha.ts';
import { join, resolve } from 'node:path';
import { ownMediaServer } from './adapters/media/media-server.ts';
import type { MediaServer } from './ports/media-server.ts';
import type { PaymentPort } from './ports/payment-port.ts';
import { paymentPortFor } from './adapters/payment/payment-port-for.ts';
import { siteSecret } from './db/site-secrets.ts';
import { RtmpIngest } from './media/ingest/rtmp-ingest.ts';
import { smsSenderFor } from './adapters/sms/sms-sender-for.ts';
import type { SmsSender } from './ports/sms-sender.ts';
import { uploadStorageFor } from './adapters/storage/upload-storage-for.ts';
import type { UploadStorage } from './ports/upload-storage.ts';
import { scoresFeedSink } from './areas/scores/feed-sink.ts';
import { forgetSessionsWhenTold } from './areas/account/account-public.ts';
import { MemoryScoreBoard } from './areas/scores/memory-score-board.ts';
import { createGiftQueue } from './areas/gifts/gift-batches.ts';
import { loadContract, type Contract } from './contract/contract.ts';
import type { DatabaseHandle } from './db/database.ts';
import type { FeedHost, MatchFeed } from './ports/match-feed.ts';
import { MemoryCache } from './memory-cache.ts';
import { createBus } from './realtime/bus.ts';
import { sendCounterFor } from './adapters/limits/redis-send-counter.ts';
import { RedisReplayStore } from './adapters/replay/redis-replay-store.ts';
import { OpenSockets } from './realtime/open-sockets.ts';
import type { SendCounter } from './ports/send-counter.ts';
import type { Bus } from './ports/bus.ts';
import { createSiteSocketHub, siteSocketMessages, type SiteSocketHubOptions, type SiteSocketHub } from './realtime/site-socket-hub.ts';
import { startAreaFrames, type AreaFrameRecord, type StartedFrames } from './ports/socket-frames.ts';
import type { Clock, ServerContext } from './ports/server-context.ts';

/** The ports of a server; each has a default, and tests pass fakes. */
export interface PortOptions {
  database: DatabaseHandle;
  contract?: Contract;
  /** The server's clock (default: real time); tests pass a ManualClock's `date`. */
  now?: () => Date;
  production?: boolean;
  redisUrl?: string | undefined;
  bus?: Bus;
  sendCounter?: SendCounter;
  heartbeatMs?: number;
  /**
   * The site socket hub's settings beyond the bus and the contract; its token lookup and QR login check are the
   * account area's frames (account-frames.ts) unless a test gives its own.
   */
  siteSocket?: Partial<Omit<SiteSocketHubOptions, 'bus' | 'contract'>>;
  /** Makes the feed that plays the matches in this process; none by default (another process plays them). */
  feed?: (host: FeedHost) => MatchFeed;
  sms?: SmsSender;
  captcha?: Captcha;
  payments?: PaymentPort;
  storage?: UploadStorage;
  media?: MediaServer;
  /** Where real broadcasts land; by default under DATA_DIR/media-server. */
  ingest?: RtmpIngest;
}

/** The context as the composition sees it: the ports the areas see, and the transports behind two of them. */
export type ComposedServerContext = ServerContext & {
  readonly siteSocket: SiteSocketHub;
  /** The open /im sockets, asked to reconnect elsewhere when the process stops. */
  readonly imSockets: OpenSockets;
  readonly ingest: RtmpIngest;
  /** The areas' handlers of the sockets' client frames, started for this server. */
  readonly frames: StartedFrames;
};

/** Every port, made once; buildApp calls this (STYLE.md, Server: dependencies arrive one way). */
export async function createServerContext(
  options: PortOptions,
  log: FastifyBaseLogger,
  frameRecords: readonly AreaFrameRecord[] = [],
): Promise<ComposedServerContext> {
  const now = options.now ?? (() => new Date());
  const clock: Clock = { now };
  const database = options.database;
  const contract = options.contract ?? loadContract();
  // Without a test's clock the cache reads Date.now: every cached answer asked the time, and a Date each time was
  // measurable on the hottest reads.
  const cache = new MemoryCache(options.now ? () => now().getTime() : Date.now);
  const production = options.production ?? process.env.NODE_ENV === 'production';
  const bus = options.bus ?? createBus(options.redisUrl);
  // Another process's sign-out reaches this one's cached sessions before the client's next call can.
  await forgetSessionsWhenTold(bus, cache);
  // One history for the score streams and the rooms' chats (the site socket closes it).
  const replayStore = options.redisUrl ? new RedisReplayStore(options.redisUrl, log) : null;
  const siteSocket = await createSiteSocketHub(
    {
      bus,
      contract,
      heartbeatMs: options.heartbeatMs ?? 30_000,
      // Several processes: a client resumes its score streams on whichever it reconnects to.
      ...(replayStore ? { replayStore } : {}),
      // The account area answers both (account-frames.ts); without it no token has a user and no code is bound.
      resolveToken: async (token) => (server.frames.site.register ? server.frames.site.register(token) : null),
      onQrLogin: async (login, connection) =>
        server.frames.site.qr_login ? server.frames.site.qr_login(login, connection) : siteSocketMessages.qrLoginFailed,
      ...options.siteSocket,
    },
    log,
  );
  const server: { -readonly [K in keyof ComposedServerContext]: ComposedServerContext[K] } = {
    database,
    contract,
    log,
    clock,
    cache,
    production,
    bus,
    siteSocket,
    imSockets: new OpenSockets(),
    scoreBoard: new MemoryScoreBoard({ clock, database }),
    feed: null,
    frames: { im: {}, site: {}, stop: () => undefined },
    sms: options.sms ?? smsSenderFor(process.env, production, log),
    captcha: options.captcha ?? altchaCaptcha({ database, cache, clock }),
    payments: options.payments ?? paymentPortFor(process.env, production, () => siteSecret(server, 'pay_sandbox_secret'), log),
    storage: options.storage ?? uploadStorageFor(process.env),
    media: options.media ?? ownMediaServer,
    ingest: options.ingest ?? new RtmpIngest({ dir: join(resolve(process.env.DATA_DIR ?? 'data'), 'media-server'), rtmpPort: Number(process.env.RTMP_PORT ?? 1935) }),
    gifts: createGiftQueue(database),
    sendCounter: options.sendCounter ?? sendCounterFor(options.redisUrl, log),
    roomChatHistory: replayStore,
  };
  server.frames = startAreaFrames(frameRecords, server);
  // The feed hands what it plays to the scores area, which writes the board and pushes through the site socket: it
  // is made last, from the rest.
  server.feed = options.feed?.({ database, log, sink: scoresFeedSink(server) }) ?? null;
  return server;
}
