import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { ReplayStore, StoredPush } from '../../ports/replay-store.ts';

/**
 * Appends one push to its stream's Redis stream, linked to the last one held: `prev` is that push's seq and the
 * epoch carries on. With nothing held (a new stream, or Redis lost it) or a seq not above the last (a new
 * publisher's numbering), the push starts a new epoch with no `prev`. A push whose publisher names its `prev`
 * (ARGV[7]) is linked to that one and keeps the epoch held. One script, so two appends never interleave.
 */
const appendScript = `
local last = redis.call('XREVRANGE', KEYS[1], '+', '-', 'COUNT', 1)
local prev = ''
local epoch = ARGV[4]
if ARGV[7] ~= '' then
  prev = ARGV[7]
  if #last > 0 then
    local fields = last[1][2]
    for i = 1, #fields, 2 do
      if fields[i] == 'epoch' then epoch = fields[i + 1] end
    end
  end
elseif #last > 0 then
  local fields = last[1][2]
  local lastSeq, lastEpoch
  for i = 1, #fields, 2 do
    if fields[i] == 'seq' then lastSeq = fields[i + 1] elseif fields[i] == 'epoch' then lastEpoch = fields[i + 1] end
  end
  if lastSeq and tonumber(lastSeq) < tonumber(ARGV[1]) then
    prev = lastSeq
    epoch = lastEpoch
  end
end
redis.call('XADD', KEYS[1], 'MAXLEN', ARGV[5], '*', 'seq', ARGV[1], 'prev', prev, 'epoch', epoch, 'company', ARGV[2], 'frame', ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[6])
return 1
`;

type AppendingRedis = Redis & {
  appendPush(key: string, seq: number, company: string, frame: Buffer, epoch: string, size: number, ttlMs: number, prev: string): Promise<number>;
};

interface HeldEntry extends StoredPush {
  prev: number | null;
  epoch: string;
}

export interface RedisReplayStoreOptions {
  /** Pushes held per stream. */
  size?: number;
  /** Key prefix, so several sites (or test runs) can share one Redis. */
  prefix?: string;
  /** A stream nobody pushed to for this long is dropped. */
  ttlMs?: number;
}

export class RedisReplayStore implements ReplayStore {
  readonly #redis: Promise<AppendingRedis>;
  readonly #size: number;
  readonly #prefix: string;
  readonly #ttlMs: number;

  constructor(
    url: string,
    private readonly log?: FastifyBaseLogger,
    options: RedisReplayStoreOptions = {},
  ) {
    this.#size = options.size ?? 256;
    this.#prefix = options.prefix ?? 'pitchside:replay:';
    this.#ttlMs = options.ttlMs ?? 24 * 3600_000;
    // ioredis is loaded only when there is a Redis: one process's start-up does not pay for it.
    this.#redis = import('ioredis').then(({ Redis }) => {
      const redis = new Redis(url, { maxRetriesPerRequest: 1 }) as AppendingRedis;
      redis.on('error', (error: Error) => log?.warn({ err: error }, 'replay store: redis connection error'));
      redis.defineCommand('appendPush', { numberOfKeys: 1, lua: appendScript });
      return redis;
    });
  }

  async append(pushes: ReadonlyArray<StoredPush & { stream: string; prev?: number }>): Promise<void> {
    if (pushes.length === 0) return;
    const redis = await this.#redis;
    const pipeline = redis.pipeline() as ReturnType<Redis['pipeline']> & { appendPush: AppendingRedis['appendPush'] };
    for (const push of pushes) {
      void pipeline.appendPush(this.#prefix + push.stream, push.seq, push.companyId === null ? '' : String(push.companyId), push.frame, randomUUID(), this.#size, this.#ttlMs, push.prev === undefined ? '' : String(push.prev));
    }
    const results = await pipeline.exec();
    const failed = results?.find(([error]) => error);
    if (failed) throw failed[0]!;
  }

  async after(stream: string, lastSeen: number): Promise<StoredPush[] | null> {
    const redis = await this.#redis;
    const raw = await redis.xrangeBuffer(this.#prefix + stream, '-', '+');
    const entries = inLinkOrder(raw.map(([, fields]) => parseEntry(fields)));
    const head = entries.at(-1);
    if (!head || lastSeen > head.seq) return null;
    // Back from the newest, along the links, to the push the client saw last (or one before it).
    const missed: StoredPush[] = [];
    for (let index = entries.length - 1; index >= 0; index--) {
      const entry = entries[index]!;
      if (entry.seq <= lastSeen) return missed.reverse();
      missed.push({ seq: entry.seq, companyId: entry.companyId, frame: entry.frame });
      // The epoch began after what the client saw: what came between is not known here.
      if (entry.prev === null) return null;
      if (entry.prev <= lastSeen) return missed.reverse();
      // The push it follows is not held (not appended yet, or lost): what came between is not known here.
      if (entries[index - 1]?.seq !== entry.prev) return null;
    }
    // The pushes between were trimmed away.
    return null;
  }

  async close(): Promise<void> {
    const redis = await this.#redis;
    await (redis.status === 'ready' ? redis.quit() : Promise.resolve(redis.disconnect()));
  }
}

function parseEntry(fields: Buffer[]): HeldEntry {
  const values = new Map<string, Buffer>();
  for (let index = 0; index + 1 < fields.length; index += 2) values.set(fields[index]!.toString(), fields[index + 1]!);
  const text = (name: string) => values.get(name)?.toString() ?? '';
  const prev = text('prev');
  const company = text('company');
  return {
    seq: Number(text('seq')),
    prev: prev === '' ? null : Number(prev),
    companyId: company === '' ? null : Number(company),
    frame: values.get('frame') ?? Buffer.alloc(0),
    epoch: text('epoch'),
  };
}

/**
 * The entries by epoch (in the order each began) and by seq within one, each seq once: pushes appended by several
 * processes arrive in the order they finished, and one published twice (a send retried) is held twice.
 */
function inLinkOrder(entries: HeldEntry[]): HeldEntry[] {
  const epochs = new Map<string, number>();
  for (const entry of entries) if (!epochs.has(entry.epoch)) epochs.set(entry.epoch, epochs.size);
  const sorted = entries.toSorted((a, b) => epochs.get(a.epoch)! - epochs.get(b.epoch)! || a.seq - b.seq);
  return sorted.filter((entry, index) => index === 0 || entry.seq !== sorted[index - 1]!.seq || entry.epoch !== sorted[index - 1]!.epoch);
}
