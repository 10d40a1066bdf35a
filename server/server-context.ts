import type { FastifyBaseLogger } from 'fastify';
import type { Captcha } from './adapters/captcha/captcha.ts';
import type { MediaServer } from './adapters/media/media-server.ts';
import type { SmsSender } from './adapters/sms/sms-sender.ts';
import type { UploadStorage } from './adapters/storage/upload-storage.ts';
import type { ScoreBoard } from './areas/scores/score-board.ts';
import type { Contract } from './contract/contract.ts';
import type { DatabaseHandle } from './db/database.ts';
import type { MatchFeed } from './feed/match-feed.ts';
import type { MemoryCache } from './memory-cache.ts';
import type { RtmpIngest } from './media/ingest/rtmp-ingest.ts';
import type { Bus } from './realtime/bus.ts';
import type { ScoreHub } from './realtime/score-hub.ts';

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
  /** The live-score socket's pushes (/ws): matches, goals, QR login, 700 and kick-outs. */
  readonly scoreHub: ScoreHub;
  /** What the score pages read, held in memory and kept current by the feed of this process. */
  readonly scoreBoard: ScoreBoard;
  /** The feed that plays the matches in this process; null when another process plays them (FEED=off). */
  readonly feed: MatchFeed | null;
  readonly sms: SmsSender;
  /** The human check before login and register. */
  readonly captcha: Captcha;
  /** Where uploaded files are kept. */
  readonly storage: UploadStorage;
  /** Where rooms' video is played from. */
  readonly media: MediaServer;
  /** Real broadcasts received by nginx's RTMP module (server/media/ingest). */
  readonly ingest: RtmpIngest;
}
