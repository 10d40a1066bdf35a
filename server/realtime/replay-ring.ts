/** One push as a stream's ring holds it: its seq, the company of an exponent push, and the prebuilt frame. */
export interface HeldPush {
  seq: number;
  companyId: number | null;
  frame: Buffer;
}

/** The last pushes of one stream, and the highest seq before them that this process may not have seen. */
export class ReplayRing {
  readonly #entries: HeldPush[] = [];
  #floor: number | null = null;

  constructor(private readonly size: number) {}

  get head(): number | null {
    return this.#entries.at(-1)?.seq ?? null;
  }

  add(push: HeldPush): void {
    const head = this.head;
    // A lower seq means a new publisher run: what this ring holds says nothing about the new numbering.
    if (head === null || push.seq <= head) {
      this.#entries.length = 0;
      this.#floor = push.seq - 1;
    }
    this.#entries.push(push);
    if (this.#entries.length > this.size) this.#floor = this.#entries.shift()!.seq;
  }

  /** The pushes after `lastSeen`, or null when some of them are no longer (or were never) held. */
  after(lastSeen: number): HeldPush[] | null {
    const head = this.head;
    if (head === null || this.#floor === null || lastSeen < this.#floor || lastSeen > head) return null;
    return this.#entries.filter((push) => push.seq > lastSeen);
  }
}
