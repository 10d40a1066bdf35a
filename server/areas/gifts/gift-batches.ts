import { sql } from 'kysely';
import type { ServerContext } from '../../ports/server-context.ts';
import { retryingMoneyCall } from '../wallet/wallet-public.ts';

/** The same gift again within this long continues the sender's combo. */
export const comboWindowMs = 10_000;

/** A gift to be made, as gift_send takes it (migration 110). */
export interface GiftOrder {
  sender: number;
  anchor: number;
  room: number;
  gift: number;
  count: number;
  from_backpack: boolean;
  /** The price of one piece in tenths of a diamond, as the catalogue on sale says. */
  price_tenths: number;
  /** The client's Idempotency-Key and the hash of the request's parameters (null: no key). */
  key: string | null;
  params_hash: string | null;
  /** The ledger transaction's unique key. */
  ledger_key: string;
  now: Date;
  gift_name: string;
  gift_name_en: string;
  icon: string;
  effect: string;
  animation_url: string | null;
}

/** A gift notice's chat payload: the notice's json text, its gift's English name, and the extension `gift`. */
export type GiftNoticePayload = { data: string; description: string; extension: string };

/** What became of a gift: made now, a replay of its key's first answer, or refused. */
export interface GiftOutcome {
  /** The answer as stored under the Idempotency-Key (json text); null when refused. */
  answer: string | null;
  replayed: boolean;
  /** gift_key_reused, gift_not_in_backpack or gift_insufficient; null when not refused. */
  refusal: string | null;
  /** For a gift made now: its notice as stored in the room's chat, and the sender as shown. */
  notice: { id: number; seq: number; payload: GiftNoticePayload; nick: string; avatar: string } | null;
}

interface Waiting {
  order: GiftOrder;
  resolve: (outcome: GiftOutcome) => void;
  reject: (error: unknown) => void;
}

/**
 * At most this many gifts in one transaction: a batch holds its locks (the senders' wallets, the anchor's parts,
 * the room's chat counter) to its commit, so a long one keeps other processes' gifts waiting.
 */
const maxBatch = 32;

/**
 * At most this many batches in the database at once. PGlite runs one statement at a time, so a second batch would
 * only wait. On PostgreSQL a batch's commit waits for its WAL to reach the disk, and the next batch is made
 * meanwhile; batches at once lock what they share in one order (migration 120) and write different parts of the
 * anchor's balances, so they wait for each other only on a sender's wallet and on the room's chat counter. Two
 * rather than three: measured with the gift bench on PostgreSQL, alternating, two took 1,110 and 1,142 gifts/s
 * against 995 and 988 for three (fuller batches, fewer statements a gift) and 969 and 940 for one.
 */
const maxInFlight = { pglite: 1, postgres: 2 } as const;

interface GiftQueue {
  waiting: Waiting[];
  /** The batches being made. */
  inFlight: number;
}

/** The gifts waiting for the database, per server. */
const queues = new WeakMap<ServerContext, GiftQueue>();

/**
 * Makes a gift with the others that arrive meanwhile (group commit): while batches are in the database, the
 * gifts that arrive wait and then go together in the next, in one transaction and one commit. A gift that
 * arrives when a batch can start goes in the event loop's next turn, with those read in the same turn.
 */
export function makeGift(server: ServerContext, order: GiftOrder): Promise<GiftOutcome> {
  let queue = queues.get(server);
  if (!queue) queues.set(server, (queue = { waiting: [], inFlight: 0 }));
  const made = new Promise<GiftOutcome>((resolve, reject) => queue.waiting.push({ order, resolve, reject }));
  if (queue.inFlight < maxInFlight[server.database.kind]) {
    queue.inFlight += 1;
    void makeBatches(server, queue);
  }
  return made;
}

/**
 * Lets the event loop read the requests that arrived meanwhile. PGlite runs a call on this thread, so nothing
 * is read while a batch is in the database: without this turn every batch after the first would be one gift.
 */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

async function makeBatches(server: ServerContext, queue: GiftQueue): Promise<void> {
  for (;;) {
    await nextTurn();
    // Told in the same step as the queue is found empty: a gift that comes next starts a new run.
    if (queue.waiting.length === 0) {
      queue.inFlight -= 1;
      return;
    }
    // In the senders' order, so two batches at once lock the senders' wallets in one order.
    const batch = queue.waiting.splice(0, maxBatch).sort((a, b) => a.order.sender - b.order.sender);
    try {
      settle(batch, await retryingMoneyCall(() => sendBatch(server, batch)));
    } catch (error) {
      if (batch.length === 1) {
        batch[0]!.reject(error);
        continue;
      }
      // Something no gift refuses undid the whole batch: each gift goes again alone, so it fails only its own.
      for (const waiting of batch) {
        try {
          settle([waiting], await retryingMoneyCall(() => sendBatch(server, [waiting])));
        } catch (own) {
          waiting.reject(own);
        }
      }
    }
  }
}

function settle(batch: Waiting[], outcomes: GiftOutcome[]): void {
  for (const [index, waiting] of batch.entries()) waiting.resolve(outcomes[index]!);
}

/** A row gift_send_batch answers (migration 120): one a gift, by its place in the batch. */
export interface GiftBatchRow {
  ord: number;
  answer: string | null;
  replayed: boolean;
  refusal: string | null;
  sender_nick: string | null;
  sender_avatar: string | null;
  message_id: number | null;
  message_seq: number | null;
  message_payload: GiftNoticePayload | null;
}

async function sendBatch(server: ServerContext, batch: Waiting[]): Promise<GiftOutcome[]> {
  const gifts = JSON.stringify(batch.map(({ order }) => order));
  const { rows } = await sql<GiftBatchRow>`select * from gift_send_batch(${gifts}::jsonb, ${`${String(comboWindowMs)} milliseconds`}::interval)`.execute(
    server.database.db,
  );
  if (rows.length !== batch.length) throw new Error(`gift_send_batch answered ${String(rows.length)} rows for ${String(batch.length)} gifts`);
  return rows.map((row) => ({
    answer: row.answer,
    replayed: row.replayed,
    refusal: row.refusal,
    notice:
      row.message_id === null || row.message_seq === null || row.message_payload === null
        ? null
        : { id: Number(row.message_id), seq: Number(row.message_seq), payload: row.message_payload, nick: row.sender_nick ?? '', avatar: row.sender_avatar ?? '' },
  }));
}
