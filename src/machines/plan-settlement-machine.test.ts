import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeModel } from './path-replay.ts';
import { planSettlementMachine, resultOf, settlementOf, statusOf, type PlanState, type PlanTerms } from './plan-settlement-machine.ts';
import { describeCoverage } from './path-coverage.ts';

const scores = [
  { type: 'match.ended', home: 0, away: 0 },
  { type: 'match.ended', home: 1, away: 0 },
  { type: 'match.ended', home: 2, away: 0 },
  { type: 'match.ended', home: 0, away: 1 },
  { type: 'match.ended', home: 2, away: 2 },
  { type: 'match.ended', home: 3, away: 1 },
] as const;
const events = [...scores, { type: 'match.abandoned' }];

for (const terms of [
  { market: 'asia', pick: 'home', line: -0.25 },
  { market: 'asia', pick: 'home', line: -0.75 },
  { market: 'asia', pick: 'away', line: 0 },
  { market: 'over_under', pick: 'over', line: 2.25 },
  { market: 'europe', pick: 'draw', line: null },
] satisfies PlanTerms[]) {
  describeModel({
    name: `plan settlement of ${terms.market} ${terms.pick} ${String(terms.line)}`,
    machine: planSettlementMachine,
    input: { terms },
    events: [...events],
    invariant: (snapshot) => {
      const state = snapshot.value as PlanState;
      // Every result is final: a plan settles once.
      expect(snapshot.status === 'done').toBe(state !== 'toBeSettled');
      for (const event of events) expect(snapshot.can(event)).toBe(state === 'toBeSettled');
      expect(snapshot.hasTag('refunded')).toBe(state === 'void');
    },
  });
}

// The oracle: the stake of 1 split in halves, each half bet at a line a quarter either side on a quarter
// line (both at the line otherwise), paid by the books' rule; the result names what came back.
function moneyBack(terms: PlanTerms, home: number, away: number): number {
  if (terms.market === 'europe') return (home > away ? 'home' : home === away ? 'draw' : 'away') === terms.pick ? 2 : 0;
  const line = terms.line ?? 0;
  const quarter = Math.abs(line * 4) % 2 === 1;
  const halves = quarter ? [line - 0.25, line + 0.25] : [line, line];
  return halves.reduce((sum, half) => {
    const margin = terms.market === 'asia' ? (home - away + half) * (terms.pick === 'home' ? 1 : -1) : (home + away - half) * (terms.pick === 'over' ? 1 : -1);
    // Paid at even money, so a win doubles the half: 1 back for a win, 0.5 for a push, 0 for a loss.
    return sum + (margin > 0 ? 1 : margin === 0 ? 0.5 : 0);
  }, 0);
}
const resultOfMoney = { 0: 'lost', 0.5: 'half_lost', 1: 'settled', 1.5: 'half_won', 2: 'won' } as const;

const termsArbitrary: fc.Arbitrary<PlanTerms> = fc.oneof(
  fc.record({ market: fc.constant('europe' as const), pick: fc.constantFrom('home' as const, 'draw' as const, 'away' as const), line: fc.constant(null) }),
  fc.record({
    market: fc.constant('asia' as const),
    pick: fc.constantFrom('home' as const, 'away' as const),
    line: fc.integer({ min: -12, max: 12 }).map((quarters) => quarters / 4),
  }),
  fc.record({
    market: fc.constant('over_under' as const),
    pick: fc.constantFrom('over' as const, 'under' as const),
    line: fc.integer({ min: 2, max: 28 }).map((quarters) => quarters / 4),
  }),
);

describe('a plan’s result (properties)', () => {
  it('agrees with the money a split stake brings back, quarter lines included', () => {
    fc.assert(
      fc.property(termsArbitrary, fc.nat(8), fc.nat(8), (terms, home, away) => {
        const result = resultOf(terms, home, away);
        expect(result).toBe(resultOfMoney[moneyBack(terms, home, away) as keyof typeof resultOfMoney]);
        expect(settlementOf(terms, 'to_be_settled', { type: 'match.ended', home, away })).toBe(result);
      }),
      { numRuns: 2000 },
    );
  });

  it('settles once: no event moves a settled plan', () => {
    fc.assert(
      fc.property(termsArbitrary, fc.nat(6), fc.nat(6), fc.boolean(), (terms, home, away, abandoned) => {
        const first = settlementOf(terms, 'to_be_settled', abandoned ? { type: 'match.abandoned' } : { type: 'match.ended', home, away });
        expect(first).not.toBeNull();
        expect(settlementOf(terms, first!, { type: 'match.ended', home, away })).toBeNull();
        expect(settlementOf(terms, first!, { type: 'match.abandoned' })).toBeNull();
      }),
    );
  });

  it('names the SPEC’s examples: −0.25 on a draw loses half; −0.75 winning by one wins half', () => {
    expect(resultOf({ market: 'asia', pick: 'home', line: -0.25 }, 1, 1)).toBe('half_lost');
    expect(resultOf({ market: 'asia', pick: 'home', line: -0.75 }, 2, 1)).toBe('half_won');
    expect(resultOf({ market: 'asia', pick: 'away', line: -0.75 }, 2, 1)).toBe('half_lost');
    expect(resultOf({ market: 'over_under', pick: 'over', line: 2.5 }, 2, 1)).toBe('won');
    expect(resultOf({ market: 'asia', pick: 'home', line: -1 }, 2, 1)).toBe('settled');
    expect(statusOf('void')).toBe('void');
  });
});

describeCoverage(planSettlementMachine);
