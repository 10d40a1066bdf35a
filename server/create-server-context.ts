import type { FastifyBaseLogger } from 'fastify';
import { altchaCaptcha } from './adapters/captcha/altcha-captcha.ts';
import type { Captcha } from './adapters/captcha/captcha.ts';
import { join, resolve } from 'node:path';
import { ownMediaServer, type MediaServer } from './adapters/media/media-server.ts';
import { RtmpIngest } from './media/ingest/rtmp-ingest.ts';
import { smsSenderFor } from './adapters/sms/sms-sender-for.ts';
import type { SmsSender } from './adapters/sms/sms-sender.ts';
import { localUploadStorage, type UploadStorage } from './adapters/storage/upload-storage.ts';
import { bindLoginQrcode } from './areas/account/qr-login-service.ts';
import { resolveSession } from './areas/account/session-service.ts';
import { ScoreBoard } from './areas/scores/score-board.ts';
import { loadContract, type Contract } from './contract/contract.ts';
import type { DatabaseHandle } from './db/database.ts';
import type { MatchFeed } from './feed/match-feed.ts';
import { MemoryCache } from './memory-cache.ts';
import { createBus, type Bus } from './realtime/bus.ts';
import { createScoreHub, type ScoreHubOptions, type ScoreSocketHub } from './realtime/score-hub.ts';
import type { Clock, ServerContext } from './server-context.ts';

/** The ports of a server; each has a default, and tests pass fakes. */
export interface PortOptions {
  database: DatabaseHandle;
  contract?: Contract;
  /** The server's clock (default: real time); tests pass a ManualClock's `date`. */
  now?: () => Date;
  production?: boolean;
  redisUrl?: string | undefined;
  bus?: Bus;
  heartbeatMs?: number;
  /**
   * The score hub's settings beyond the bus and the contract; its token lookup defaults to the session service,
   * its QR login check to the QR login service.
   */
  scoreSocket?: Partial<Omit<ScoreHubOptions, 'bus' | 'contract'>>;
  /** Makes the feed that plays the matches in this process; none by default (another process plays them). */
  feed?: (server: ServerContext) => MatchFeed;
  sms?: SmsSender;
  captcha?: Captcha;
  storage?: UploadStorage;
  media?: MediaServer;
  /** Where real broadcasts land; by default under DATA_DIR/media-server. */
  ingest?: RtmpIngest;
}

/** Every port, made once; buildApp calls this (STYLE.md, Server: dependencies arrive one way). */
export async function createServerContext(options: PortOptions, log: FastifyBaseLogger): Promise<ServerContext & { scoreHub: ScoreSocketHub }> {
  const now = options.now ?? (() => new Date());
  const clock: Clock = { now };
  const database = options.database;
  const contract = options.contract ?? loadContract();
  // Without a test's clock the cache reads Date.now: every cached answer asked the time, and a Date each time was
  // measurable on the hottest reads.
  const cache = new MemoryCache(options.now ? () => now().getTime() : Date.now);
  const production = options.production ?? process.env.NODE_ENV === 'production';
  const bus = options.bus ?? createBus(options.redisUrl);
  const scoreHub = await createScoreHub(
    {
      bus,
      contract,
      heartbeatMs: options.heartbeatMs ?? 30_000,
      resolveToken: async (token: string) => {
        const lookup = await resolveSession(server, token);
        return lookup.status === 'ok' ? { userId: lookup.user.id } : null;
      },
      onQrLogin: ({ code, secret }, connection) => bindLoginQrcode(server, { code, secret, connectionId: connection.id }),
      ...options.scoreSocket,
    },
    log,
  );
  const server: { -readonly [K in keyof ServerContext]: ServerContext[K] } & { scoreHub: ScoreSocketHub } = {
    database,
    contract,
    log,
    clock,
    cache,
    production,
    bus,
    scoreHub,
    scoreBoard: new ScoreBoard({ clock, database }),
    feed: null,
    sms: options.sms ?? smsSenderFor(process.env, production, log),
    captcha: options.captcha ?? altchaCaptcha({ database, cache, clock }),
    storage: options.storage ?? localUploadStorage(),
    media: options.media ?? ownMediaServer,
    ingest: options.ingest ?? new RtmpIngest({ dir: join(resolve(process.env.DATA_DIR ?? 'data'), 'media-server'), rtmpPort: Number(process.env.RTMP_PORT ?? 1935) }),
  };
  // The feed writes the board and pushes through the hub: it is made last, from the rest.
  server.feed = options.feed?.(server) ?? null;
  return server;
}
