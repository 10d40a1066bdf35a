import { sql } from 'kysely';
import type { DatabaseHandle } from '../../db/database.ts';
import type { GiftBooking, GiftNoticePayload, GiftOutcome, GiftQueue } from '../../ports/gift-queue.ts';
import { roomNoticesStored } from '../chat/chat-public.ts';
import { type GiftBooked, giftBookings, retryingMoneyCall } from '../wallet/wallet-public.ts';

/** The same gift again within this long continues the sender's combo. */
export const comboWindowMs = 10_000;

interface Waiting {
  order: GiftBooking;
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
 * meanwhile; batches at once lock what they share in one order (migration 130) and write different parts of the
 * anchor's balances, so they wait for each other only on a sender's wallet and on the room's chat counter. Two
 * rather than three: measured with the gift bench on PostgreSQL, alternating, two took 1,110 and 1,142 gifts/s
 * against 995 and 988 for three (fuller batches, fewer statements a gift) and 969 and 940 for one.
 */
const maxInFlight = { pglite: 1, postgres: 2 } as const;

interface QueueState {
  waiting: Waiting[];
  /** The batches being made. */
  inFlight: number;
}

/** The server's gift queue, built once with its other ports (createServerContext). */
export function createGiftQueue(database: DatabaseHandle): GiftQueue {
  const queue: QueueState = { waiting: [], inFlight: 0 };
  return {
    make(order) {
      const made = new Promise<GiftOutcome>((resolve, reject) => queue.waiting.push({ order, resolve, reject }));
      if (queue.inFlight < maxInFlight[database.kind]) {
        queue.inFlight += 1;
        void makeBatches(database, queue);
      }
      return made;
    },
    async drained() {
      while (queue.inFlight > 0 || queue.waiting.length > 0) await new Promise((resolve) => setTimeout(resolve, 10));
    },
  };
}

/**
 * Lets the event loop read the requests that arrived meanwhile. PGlite runs a call on this thread, so nothing
 * is read while a batch is in the database: without this turn every batch after the first would be one gift.
 */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

async function makeBatches(database: DatabaseHandle, queue: QueueState): Promise<void> {
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
      settle(batch, await retryingMoneyCall(() => sendBatch(database, batch)));
    } catch (error) {
      if (batch.length === 1) {
        batch[0]!.reject(error);
        continue;
      }
      // Something no gift refuses undid the whole batch: each gift goes again alone, so it fails only its own.
      for (const waiting of batch) {
        try {
          settle([waiting], await retryingMoneyCall(() => sendBatch(database, [waiting])));
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

/** A row of a gift batch: what the ledger made of the gift and, for a gift made now, its notice as the room's chat stored it. */
export interface GiftBatchRow extends Pick<GiftBooked, 'ord' | 'answer' | 'replayed' | 'refusal' | 'sender_nick' | 'sender_avatar'> {
  message_id: number | string | null;
  message_seq: number | string | null;
  message_payload: GiftNoticePayload | null;
}

/**
 * A batch in one statement, so one round trip and one commit: the ledger books the gifts, then the room's chat stores
 * the notice of each gift made now (its data the notice the ledger answered, under the gift's English name), last,
 * so each room's chat counter stays locked only to the commit. A crash loses both or neither.
 */
export async function sendGiftBatch(database: DatabaseHandle, orders: GiftBooking[], { inTurn = false } = {}): Promise<GiftBatchRow[]> {
  const notice = (column: string) => sql`n.${sql.ref(column)}`;
  const stored = roomNoticesStored({
    ord: notice('ord'),
    sender: notice('sender'),
    room: notice('room'),
    payload: notice('payload'),
    clientMsgId: notice('client_msg_id'),
    createdAt: notice('made_at'),
  });
  const { rows } = await sql<GiftBatchRow>`
    with booked as materialized (select * from ${giftBookings(orders, comboWindowMs, { inTurn })}),
    stored as materialized (
      select s.* from (
        select array_agg(b.ord) as ord, array_agg(b.sender) as sender, array_agg(b.room) as room, array_agg(b.made_at) as made_at,
               array_agg('gift-' || b.record_id) as client_msg_id,
               array_agg(jsonb_build_object('data', b.notice, 'description', b.notice::json ->> 'gift_name_en', 'extension', 'gift')) as payload
          from booked b
          where b.notice is not null
      ) n
      cross join lateral ${stored} s)
    select b.ord, b.answer, b.replayed, b.refusal, b.sender_nick, b.sender_avatar, s.message_id, s.message_seq, s.payload as message_payload
      from booked b left join stored s on s.ord = b.ord
      order by b.ord`.execute(database.db);
  if (rows.length !== orders.length) throw new Error(`a gift batch answered ${String(rows.length)} rows for ${String(orders.length)} gifts`);
  return rows;
}

async function sendBatch(database: DatabaseHandle, batch: Waiting[]): Promise<GiftOutcome[]> {
  const rows = await sendGiftBatch(
    database,
    batch.map(({ order }) => order),
  );
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
