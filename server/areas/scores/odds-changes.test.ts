import { describe, expect, it } from 'vitest';
import type { MatchOddsView } from './match-shapes.ts';
import { OddsChanges, wholeOddsEveryMs } from './odds-changes.ts';

const odds = (extra: Partial<MatchOddsView> = {}): MatchOddsView => ({
  match_id: 7,
  company_id: 3,
  company_name: '立博',
  company_name_en: 'Ladbrokes',
  asian_handicap: { initial: { home: 0.9, line: -0.5, away: 0.95 }, current: { home: 0.9, line: -0.5, away: 0.95 } },
  over_under: { initial: { over: 0.88, line: 2.5, under: 0.97 }, current: { over: 0.88, line: 2.5, under: 0.97 } },
  one_x_two: { initial: { home: 2.1, draw: 3.3, away: 3.4 }, current: { home: 2.1, draw: 3.3, away: 3.4 } },
  suspended: false,
  updated_at: 1_780_000_000,
  ...extra,
});

describe('an odds push of what moved', () => {
  it('carries the whole odds the first time', () => {
    expect(new OddsChanges().changeOf(odds(), 0)).toEqual(odds());
  });

  it('then only the markets whose current prices moved, with the time they did and suspended, and nothing when none did', () => {
    const changes = new OddsChanges();
    changes.changeOf(odds(), 0);
    expect(changes.changeOf(odds(), 1_000)).toBeNull();
    const moved = odds({ over_under: { initial: odds().over_under.initial, current: { over: 0.9, line: 2.75, under: 0.95 } }, updated_at: 1_780_000_030 });
    expect(changes.changeOf(moved, 2_000)).toEqual({
      match_id: 7,
      company_id: 3,
      updated_at: 1_780_000_030,
      suspended: false,
      over_under: { current: { over: 0.9, line: 2.75, under: 0.95 } },
    });
    expect(changes.changeOf(moved, 3_000)).toBeNull();
  });

  it('says when the company closes its markets, and a market it withdraws as null', () => {
    const changes = new OddsChanges();
    changes.changeOf(odds(), 0);
    expect(changes.changeOf(odds({ suspended: true, asian_handicap: { initial: null, current: null }, updated_at: 1_780_000_060 }), 1_000)).toEqual({
      match_id: 7,
      company_id: 3,
      updated_at: 1_780_000_060,
      suspended: true,
      asian_handicap: { current: null },
    });
  });

  it('keeps each company apart, and starts again whole once the match is forgotten', () => {
    const changes = new OddsChanges();
    changes.changeOf(odds(), 0);
    expect(changes.changeOf(odds({ company_id: 4 }), 0)).toEqual(odds({ company_id: 4 }));
    changes.forget(7);
    expect(changes.changeOf(odds(), 1_000)).toEqual(odds());
    expect(changes.changeOf(odds({ company_id: 4 }), 1_000)).toEqual(odds({ company_id: 4 }));
  });

  it('pushes moving odds as parts for ten minutes, then whole again, for a page that holds none', () => {
    const changes = new OddsChanges();
    changes.changeOf(odds(), 0);
    const moved = odds({ one_x_two: { initial: odds().one_x_two.initial, current: { home: 2.0, draw: 3.3, away: 3.6 } } });
    expect(changes.changeOf(moved, wholeOddsEveryMs - 1)).toHaveProperty('one_x_two', { current: { home: 2.0, draw: 3.3, away: 3.6 } });
    expect(changes.changeOf(moved, wholeOddsEveryMs - 1)).toBeNull();
    expect(changes.changeOf(moved, wholeOddsEveryMs)).toEqual(moved);
  });
});
