// The gift queue port: the gifts waiting for the database, sent together in batches (group commit), one queue per
// server on its context. The gifts area holds it (areas/gifts/gift-batches.ts); the ledger books what it sends.

/** A gift to be paid, as ledger_book_gifts takes it (migration 130). */
export interface GiftBooking {
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

/** The gifts waiting for the database, sent together in batches: one queue per server, on its context. */
export interface GiftQueue {
  /**
   * Makes a gift with the others that arrive meanwhile (group commit): while batches are in the database, the
   * gifts that arrive wait and then go together in the next, in one transaction and one commit. A gift that
   * arrives when a batch can start goes in the event loop's next turn, with those read in the same turn.
   */
  make(order: GiftBooking): Promise<GiftOutcome>;
  /** Resolves once no gift waits and no batch is in the database: a stopping process has flushed its gifts. */
  drained(): Promise<void>;
}
