import type { ClassifyType, StreamName } from '../contract/socket-contract.ts';

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
 * One subscription class: every subscriber with the same classify and toggled company wants the same pushes, so
 * the fan-out builds their bytes once per class rather than once per connection.
 */
export interface SubscriptionClass<S extends Subscriber> extends Subscriber {
  readonly members: ReadonlySet<S>;
}

/**
 * Subscribers by classify (null: none picked yet, goal pop-ups only), then by toggled company. A subscriber's
 * classify and company must not change while it is indexed: remove it, change them, add it again.
 */
export class Subscriptions<S extends Subscriber> {
  readonly #byClassify = new Map<ClassifyType | null, Map<number | null, Set<S>>>();

  add(subscriber: S): void {
    let byCompany = this.#byClassify.get(subscriber.classify);
    if (!byCompany) this.#byClassify.set(subscriber.classify, (byCompany = new Map()));
    const group = byCompany.get(subscriber.companyId);
    if (group) group.add(subscriber);
    else byCompany.set(subscriber.companyId, new Set([subscriber]));
  }

  remove(subscriber: S): void {
    const byCompany = this.#byClassify.get(subscriber.classify);
    const group = byCompany?.get(subscriber.companyId);
    if (group?.delete(subscriber) && group.size === 0) byCompany!.delete(subscriber.companyId);
  }

  /** Every non-empty class. */
  *classes(): Iterable<SubscriptionClass<S>> {
    for (const [classify, byCompany] of this.#byClassify) {
      for (const [companyId, members] of byCompany) yield { classify, companyId, members };
    }
  }
}
