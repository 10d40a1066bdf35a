import type { ClassifyType, StreamName } from './socket-contract.ts';

/** What a connection picked with classify and toggle. */
export interface Subscriber {
  classify: ClassifyType | null;
  companyId: number | null;
}

/** The classify of each stream's sport; null for the goal stream, which reaches every connection. */
export const streamSport: Readonly<Record<StreamName, ClassifyType | null>> = {
  football_match: 0,
  football_exponent: 0,
  basketball_match: 1,
  basketball_exponent: 1,
  esports_match: 2,
  goal: null,
  football_momentum: 0,
  basketball_momentum: 1,
};

export const streamNames: readonly StreamName[] = [
  'football_match',
  'football_exponent',
  'basketball_match',
  'basketball_exponent',
  'esports_match',
  'goal',
  'football_momentum',
  'basketball_momentum',
];

/** Whether a subscriber wants a push of `stream` (of `companyId` for exponent pushes; null: any company). */
export function wants(subscriber: Subscriber, stream: StreamName, companyId: number | null): boolean {
  const sport = streamSport[stream];
  if (sport === null) return true;
  if (subscriber.classify !== sport) return false;
  return companyId === null || companyId === subscriber.companyId;
}

/**
 * Subscribers by classify, then by toggled company, so a push is filtered once per group rather than once per
 * connection: most exponent pushes are of companies few clients (often none) toggled. A subscriber's classify
 * and company must not change while it is indexed: remove it, change them, add it again.
 */
export class Subscriptions<S extends Subscriber> {
  readonly #bySport = new Map<ClassifyType, Map<number | null, Set<S>>>();

  add(subscriber: S): void {
    if (subscriber.classify === null) return;
    let byCompany = this.#bySport.get(subscriber.classify);
    if (!byCompany) this.#bySport.set(subscriber.classify, (byCompany = new Map()));
    const group = byCompany.get(subscriber.companyId);
    if (group) group.add(subscriber);
    else byCompany.set(subscriber.companyId, new Set([subscriber]));
  }

  remove(subscriber: S): void {
    if (subscriber.classify === null) return;
    const byCompany = this.#bySport.get(subscriber.classify);
    const group = byCompany?.get(subscriber.companyId);
    if (group?.delete(subscriber) && group.size === 0) byCompany!.delete(subscriber.companyId);
  }

  /** The groups of subscribers that want a push of `stream` (of `companyId` for exponent pushes). */
  *groups(stream: StreamName, companyId: number | null): Iterable<Set<S>> {
    const sport = streamSport[stream];
    const byCompany = sport === null ? undefined : this.#bySport.get(sport);
    if (!byCompany) return;
    if (companyId === null) {
      yield* byCompany.values();
      return;
    }
    const group = byCompany.get(companyId);
    if (group) yield group;
  }
}
