import { getNextSnapshot, setup } from 'xstate';

/**
 * An expert plan's settlement (SPEC §4 settlement statuses: to be settled, settled, won, lost, void;
 * and the halves of a quarter line). A plan waits to be settled until the feed ends its match; the
 * final score and the plan's market decide the result; a cancelled or abandoned match voids it.
 * Every result is final: a plan settles once. The server runs it (`settlementOf`) when a match ends;
 * the pages show the state it reached.
 */

export type PlanMarket = 'asia' | 'over_under' | 'europe';
export type PlanPick = 'home' | 'draw' | 'away' | 'over' | 'under';
export type PlanResult = 'settled' | 'won' | 'lost' | 'void' | 'half_won' | 'half_lost';
export type PlanStatus = 'to_be_settled' | PlanResult;

export interface PlanTerms {
  market: PlanMarket;
  pick: PlanPick;
  /** The handicap given to the home side (asia), or the total (over_under); null for europe. */
  line: number | null;
}

export type PlanSettlementEvent = { type: 'match.ended'; home: number; away: number } | { type: 'match.abandoned' };

type HalfResult = 1 | 0 | -1;

const sign = (value: number): HalfResult => (value > 0 ? 1 : value < 0 ? -1 : 0);

/** A whole or half line settles as one; a quarter line (±0.25, ±0.75) as two halves, a quarter either side. */
function halvesOf(line: number): [number, number] {
  const quarters = Math.round(line * 4);
  return quarters % 2 === 0 ? [line, line] : [(quarters - 1) / 4, (quarters + 1) / 4];
}

/** The result of a plan on a final score. */
export function resultOf(terms: PlanTerms, home: number, away: number): Exclude<PlanResult, 'void'> {
  if (terms.market === 'europe') {
    const outcome: PlanPick = home > away ? 'home' : home === away ? 'draw' : 'away';
    return outcome === terms.pick ? 'won' : 'lost';
  }
  const line = terms.line ?? 0;
  const margin = (half: number): HalfResult => {
    if (terms.market === 'asia') return sign((home - away + half) * (terms.pick === 'home' ? 1 : -1));
    return sign((home + away - half) * (terms.pick === 'over' ? 1 : -1));
  };
  const [a, b] = halvesOf(line).map(margin) as [HalfResult, HalfResult];
  const sum = a + b;
  if (sum === 2) return 'won';
  if (sum === -2) return 'lost';
  if (sum === 1) return 'half_won';
  if (sum === -1) return 'half_lost';
  // Two pushes, or (never on a quarter line) a win and a loss.
  return 'settled';
}

/** How much of a hit a result is, for the hit rate (a half win counts half); null leaves it out (void). */
export function hitOf(result: PlanResult): number | null {
  if (result === 'void') return null;
  return result === 'won' ? 1 : result === 'half_won' ? 0.5 : 0;
}

/** The net return of a stake of 1 at `odds`: what the ranking's return adds up. */
export function returnOf(result: PlanResult, odds: number): number {
  switch (result) {
    case 'won':
      return odds - 1;
    case 'half_won':
      return (odds - 1) / 2;
    case 'half_lost':
      return -0.5;
    case 'lost':
      return -1;
    default:
      return 0;
  }
}

export const planSettlementMachine = setup({
  types: {
    context: {} as { terms: PlanTerms; home: number | null; away: number | null },
    events: {} as PlanSettlementEvent,
    input: {} as { terms: PlanTerms },
  },
  guards: {
    resultIs: ({ context, event }, params: { result: PlanResult }) =>
      event.type === 'match.ended' && resultOf(context.terms, event.home, event.away) === params.result,
  },
}).createMachine({
  id: 'planSettlement',
  context: ({ input }) => ({ terms: input.terms, home: null, away: null }),
  initial: 'toBeSettled',
  states: {
    toBeSettled: {
      on: {
        'match.ended': [
          { guard: { type: 'resultIs', params: { result: 'won' } }, target: 'won' },
          { guard: { type: 'resultIs', params: { result: 'half_won' } }, target: 'halfWon' },
          { guard: { type: 'resultIs', params: { result: 'settled' } }, target: 'settled' },
          { guard: { type: 'resultIs', params: { result: 'half_lost' } }, target: 'halfLost' },
          { target: 'lost' },
        ],
        'match.abandoned': 'void',
      },
    },
    won: { type: 'final', tags: ['paid'] },
    halfWon: { type: 'final', tags: ['paid'] },
    settled: { type: 'final', tags: ['paid'] },
    halfLost: { type: 'final', tags: ['paid'] },
    lost: { type: 'final', tags: ['lost'] },
    void: { type: 'final', tags: ['refunded'] },
  },
});

const statusOfState = {
  toBeSettled: 'to_be_settled',
  won: 'won',
  halfWon: 'half_won',
  settled: 'settled',
  halfLost: 'half_lost',
  lost: 'lost',
  void: 'void',
} as const satisfies Record<string, PlanStatus>;

export type PlanState = keyof typeof statusOfState;

export const stateOfStatus = Object.fromEntries(Object.entries(statusOfState).map(([state, status]) => [status, state])) as Record<PlanStatus, PlanState>;

/** The status a plan's machine is in. */
export const statusOf = (state: PlanState): PlanStatus => statusOfState[state];

/**
 * The server's step: where a plan in `status` goes on `event`, read off the machine; null when it
 * may not move (it is settled already: a plan settles once).
 */
export function settlementOf(terms: PlanTerms, status: PlanStatus, event: PlanSettlementEvent): PlanResult | null {
  const snapshot = planSettlementMachine.resolveState({ value: stateOfStatus[status], context: { terms, home: null, away: null } });
  if (snapshot.status !== 'active' || !snapshot.can(event)) return null;
  const next = getNextSnapshot(planSettlementMachine, snapshot, event);
  return statusOfState[next.value as PlanState] as PlanResult;
}
