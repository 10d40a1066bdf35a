import type { FastifyBaseLogger } from 'fastify';
import type { Captcha } from './captcha.ts';
import type { MediaServer } from './media-server.ts';
import type { PaymentPort } from './payment-port.ts';
import type { SmsSender } from './sms-sender.ts';
import type { UploadStorage } from './upload-storage.ts';
import type { ScoreBoard } from './score-board.ts';
import type { Contract } from '../contract/contract.ts';
import type { DatabaseHandle } from '../db/database.ts';
import type { MatchFeed } from './match-feed.ts';
import type { MemoryCache } from '../memory-cache.ts';
import type { BroadcastIngest } from './broadcast-ingest.ts';
import type { Bus } from './bus.ts';
import type { SiteSocket } from './site-socket.ts';
import type { GiftQueue } from './gift-queue.ts';
import type { SendCounter } from './send-counter.ts';
import type { ReplayStore } from './replay-store.ts';

/** The server's clock; tests move it. */
export interface Clock {
  now(): Date;
}

/**
 * What every service and handler may reach: each port built once in buildApp (createServerContext),
 * passed down, never global (STYLE.md, Server). Tests build their own with fakes through AppOptions.
 */
export interface ServerContext {
  readonly database: DatabaseHandle;
  readonly contract: Contract;
  readonly log: FastifyBaseLogger;
  readonly clock: Clock;
  /** Hot reads (config, lists) served from memory rather than re-queried per request. */
  readonly cache: MemoryCache;
  readonly production: boolean;
  /** Fan-out across server processes: in-process, or Redis pub/sub with REDIS_URL. */
  readonly bus: Bus;
  /** The site socket's pushes (/ws): matches, goals, QR login, 700 and kick-outs. */
  readonly siteSocket: SiteSocket;
  /** What the score pages read, held in memory and kept current by the feed of this process. */
  readonly scoreBoard: ScoreBoard;
  /** The feed that plays the matches in this process; null when another process plays them (FEED=off). */
  readonly feed: MatchFeed | null;
  readonly sms: SmsSender;
  /** The human check before login and register. */
  readonly captcha: Captcha;
  /** Top-up channels and the payout channel (DESIGN.md, Money). */
  readonly payments: PaymentPort;
  /** Where uploaded files are kept. */
  readonly storage: UploadStorage;
  /** Where rooms' video is played from. */
  readonly media: MediaServer;
  /** Real broadcasts received by nginx's RTMP module (server/media/ingest). */
  readonly ingest: BroadcastIngest;
  /** The gifts waiting for the database, sent together in batches (group commit). */
  readonly gifts: GiftQueue;
  /** Flood limits' counts: this process's memory, or Redis shared by every process with REDIS_URL. */
  readonly sendCounter: SendCounter;
  /**
   * The recent lines of each live room's chat, shared by every process (Redis with REDIS_URL), so a tab that
   * reconnects to another process resumes there; null in one process, where a reconnecting tab syncs from the database.
   */
  readonly roomChatHistory: ReplayStore | null;
}
