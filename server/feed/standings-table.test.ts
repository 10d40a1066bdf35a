import { describe, expect, it } from 'vitest';
import { rankTable, type StandingRow } from './standings-table.ts';

const row = (team_id: number, won: number, lost: number, drawn = 0): StandingRow => ({
  league_id: 1,
  season: '2025-2026',
  team_id,
  group_name: '东部',
  position: 0,
  played: won + drawn + lost,
  won,
  drawn,
  lost,
  goals_for: 100 * (won + lost),
  goals_against: 100 * (won + lost),
  points: 2 * won + lost,
  form: '',
  updated_at: new Date(0),
});

describe('rankTable', () => {
  it('ranks basketball by win rate, not by points: 10-7 is ahead of 10-8', () => {
    const ranked = rankTable([row(1, 10, 8), row(2, 10, 7), row(3, 14, 3)], 'basketball');
    expect(ranked.map((entry) => [entry.team_id, entry.position])).toEqual([
      [3, 1],
      [2, 2],
      [1, 3],
    ]);
  });

  it('ranks football by points', () => {
    const ranked = rankTable([{ ...row(1, 3, 0, 0), points: 9 }, { ...row(2, 2, 0, 4), points: 10 }]);
    expect(ranked.map((entry) => entry.team_id)).toEqual([2, 1]);
  });
});
