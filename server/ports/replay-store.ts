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
  /** Keeps pushes, in order, each on its stream. */
  append(pushes: ReadonlyArray<StoredPush & { stream: string }>): Promise<void>;
  /** The pushes of `stream` after `lastSeen`, in order; null when some of them are not held (or never were). */
  after(stream: string, lastSeen: number): Promise<StoredPush[] | null>;
  close(): Promise<void>;
}
