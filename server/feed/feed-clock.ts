/** The feed's clock: real time in the site, moved by hand in tests. */
export interface FeedClock {
  now(): number;
}

export const systemClock: FeedClock = { now: () => Date.now() };

/** A clock the feed can move on: tests' ManualClock, or real time fast-forwarded in development. */
export interface MovableClock extends FeedClock {
  advance(ms: number): void;
}

export function isMovable(clock: FeedClock): clock is MovableClock {
  return 'advance' in clock && typeof clock.advance === 'function';
}

/**
 * Real time plus how far the site was fast-forwarded (/dev/feed/advance outside production): the
 * running site keeps playing on from wherever it was moved to.
 */
export class ShiftedClock implements MovableClock {
  #offset = 0;

  now(): number {
    return Date.now() + this.#offset;
  }

  advance(ms: number): void {
    this.#offset += ms;
  }
}

export class ManualClock implements MovableClock {
  constructor(private ms: number) {}

  now(): number {
    return this.ms;
  }

  advance(ms: number): void {
    this.ms += ms;
  }

  /** For a server that shares the clock (buildApp's `now`). */
  date = (): Date => new Date(this.ms);
}
