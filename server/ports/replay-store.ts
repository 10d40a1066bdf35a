/** One push of a site socket stream as the replay history keeps it: its seq, an exponent push's company, its frame. */
export interface StoredPush {
  seq: number;
  companyId: number | null;
  frame: Buffer;
}

/**
 * The recent pushes of each `/ws` stream, shared by every process (Redis streams), so a client that reconnects to
 * another process than the one it left resumes there. Each push is linked to the one before it on its stream; a
 * history that begins again (Redis lost it, a new publisher numbering) starts a new epoch, and a resume from before
 * it is answered with null: the client reloads over HTTP.
 */
export interface ReplayStore {
  /**
   * Keeps pushes, in order, each on its stream. A push with `prev` names the one before it, for a stream whose
   * numbering has no holes (a room's chat, numbered by the database) and whose pushes several processes append in
   * whatever order they finish: it is linked to that one, not to the last appended, and keeps the epoch.
   */
  append(pushes: ReadonlyArray<StoredPush & { stream: string; prev?: number }>): Promise<void>;
  /** The pushes of `stream` after `lastSeen`, in order; null when some of them are not held (or never were). */
  after(stream: string, lastSeen: number): Promise<StoredPush[] | null>;
  close(): Promise<void>;
}
