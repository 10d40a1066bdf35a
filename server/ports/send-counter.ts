/** A limit of sends: at most `messages` in any `windowMs`. */
export interface SendLimit {
  messages: number;
  windowMs: number;
}

/**
 * Counts sends against sliding windows (chat flooding): in this process's memory for one process, in Redis when
 * several serve the site, so a limit holds however the load balancer spreads one sender's sockets and calls. A key
 * names who is counted and for what: `room:<user id>`, `private:<user id>`, `gift:ip:<address>`.
 */
export interface SendCounter {
  /** Counts a send at `now` (epoch ms) unless `key` is at its limit; true when allowed. */
  take(key: string, limit: SendLimit, now: number): Promise<boolean>;
  /** As take, answering how long until `key` may send again: 0 when this send was counted (a room's slow mode). */
  wait(key: string, limit: SendLimit, now: number): Promise<number>;
  close(): Promise<void>;
}
