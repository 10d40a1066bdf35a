/**
 * Counts the open sockets of each address against a limit: in this process's memory for one process, in Redis
 * when several serve the site, so one address holds at most the limit however a balancer spreads its sockets.
 */
export interface SocketCounter {
  /** Takes a place for one more socket of `key` unless it already holds `limit`; true when taken. */
  acquire(key: string, limit: number): Promise<boolean>;
  /** Gives back a place `acquire` took, when its socket closes. */
  release(key: string): void;
  close(): Promise<void>;
}
