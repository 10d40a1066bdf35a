import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';

// Which process plays the feed when several share one PostgreSQL: the one holding a session-level advisory lock,
// taken on a connection of its own. PostgreSQL lets the lock go the moment that connection ends, which a process
// killed by any signal does at once (its socket closes), so another process, trying every `retryMs`, takes over
// within that time. Advisory locks belong to one database, so sites (and test runs) on other databases never meet.

/** The lock's key: any fixed number; this one spells "feed". */
export const feedLockKey = 0x66656564;

export interface FeedLeaderOptions {
  databaseUrl: string;
  log: FastifyBaseLogger;
  /** How often a follower tries the lock, and a leader checks that its connection still holds it. */
  retryMs?: number;
  /** This process holds the lock now: it plays the feed from its stored state. */
  elected(): Promise<void>;
  /**
   * The lock's connection was lost while this process led: another may lead already, so this one must play no
   * more. A feed cannot restart once stopped, so main.ts stops the process (its supervisor starts it again).
   */
  deposed(error: unknown): void;
}

export interface FeedLeadership {
  /** Whether this process leads now. */
  readonly leading: boolean;
  /** Gives the lock up (its connection closes), so a follower takes over without waiting for this process to die. */
  resign(): Promise<void>;
}

export function contendForFeed(options: FeedLeaderOptions): FeedLeadership {
  const retryMs = options.retryMs ?? 2_000;
  let client: pg.Client | null = null;
  let leading = false;
  let resigned = false;
  let timer: NodeJS.Timeout | undefined;

  const schedule = () => {
    if (!resigned) timer = setTimeout(() => void attempt(), retryMs);
  };

  const lost = (error: unknown) => {
    const current = client;
    client = null;
    void current?.end().catch(() => undefined);
    if (leading) {
      leading = false;
      options.deposed(error);
    } else if (!resigned) {
      options.log.warn({ err: error }, 'feed leader election: the lock connection failed, trying again');
    }
  };

  const attempt = async () => {
    if (resigned) return;
    try {
      if (!client) {
        const fresh = new pg.Client({ connectionString: options.databaseUrl, keepAlive: true, application_name: 'pitchside feed lock' });
        fresh.on('error', (error) => {
          if (client === fresh) lost(error);
        });
        fresh.on('end', () => {
          if (client === fresh) lost(new Error('the lock connection ended'));
        });
        client = fresh;
        await fresh.connect();
      }
      if (leading) {
        // The lock lives as long as the connection: a round trip shows the connection is still there.
        await client.query('select 1');
      } else {
        const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [feedLockKey]);
        if (rows[0]?.locked && !resigned) {
          leading = true;
          options.log.info('feed leader election: this process plays the feed');
          await options.elected();
        }
      }
    } catch (error) {
      lost(error);
    }
    schedule();
  };

  void attempt();
  return {
    get leading() {
      return leading;
    },
    async resign() {
      resigned = true;
      clearTimeout(timer);
      const current = client;
      client = null;
      leading = false;
      await current?.end().catch(() => undefined);
    },
  };
}
