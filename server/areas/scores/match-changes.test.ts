import { describe, expect, it } from 'vitest';
import { MatchChanges, wholeMatchEveryMs } from './match-changes.ts';
import type { MatchView } from './match-shapes.ts';

const team = (id: number) => ({ id, name: `队${id}`, name_en: `Team ${id}`, short_name_zh: `队${id}`, logo: `/media/teams/${id}.svg` });

const view = (extra: Partial<MatchView> = {}): MatchView => ({
  id: 7,
  sport: 'football',
  league: { id: 1, name: '测试联赛', name_en: 'Test League', short_name_zh: '测试', logo: '', sport: 'football', country: '' },
  round: '第1轮',
  round_en: 'Round 1',
  best_of: null,
  home_team: team(1),
  away_team: team(2),
  home_team_name_zh: '队1',
  away_team_name_zh: '队2',
  home_score: 0,
  away_score: 0,
  home_half_score: null,
  away_half_score: null,
  period_scores: [{ phase: 'first_half', home_score: 0, away_score: 0 }],
  status: 'in_progress',
  phase: 'first_half',
  minute: 12,
  match_str: "12'",
  start_time: 1_780_000_000,
  home_red_cards: 0,
  away_red_cards: 0,
  home_yellow_cards: 0,
  away_yellow_cards: 0,
  home_corners: 1,
  away_corners: 0,
  anchor_count: 0,
  is_collect: 0,
  odds: null,
  ...extra,
});

describe('a match push of what changed', () => {
  it('carries every changing field the first time, without what never changes in play', () => {
    const change = new MatchChanges().changeOf(view(), 0);
    expect(change).toMatchObject({ id: 7, sport: 'football', home_score: 0, minute: 12, match_str: "12'", period_scores: [{ phase: 'first_half' }] });
    expect(change).not.toHaveProperty('league');
    expect(change).not.toHaveProperty('home_team');
    expect(change).not.toHaveProperty('odds');
  });

  it('then only the fields that changed, and nothing when none did', () => {
    const changes = new MatchChanges();
    changes.changeOf(view(), 0);
    expect(changes.changeOf(view(), 0)).toBeNull();
    expect(changes.changeOf(view({ period_scores: [{ phase: 'first_half', home_score: 0, away_score: 0 }] }), 0)).toBeNull();
    expect(
      changes.changeOf(view({ home_score: 1, minute: 13, match_str: "13'", period_scores: [{ phase: 'first_half', home_score: 1, away_score: 0 }] }), 0),
    ).toEqual({ id: 7, sport: 'football', home_score: 1, minute: 13, match_str: "13'", period_scores: [{ phase: 'first_half', home_score: 1, away_score: 0 }] });
    expect(changes.changeOf(view({ home_score: 1, minute: 13, match_str: "13'", period_scores: [{ phase: 'first_half', home_score: 1, away_score: 0 }] }), 0)).toBeNull();
  });

  it('starts again from the whole set once a match is forgotten', () => {
    const changes = new MatchChanges();
    changes.changeOf(view(), 0);
    changes.forget(7);
    expect(changes.changeOf(view(), 0)).toMatchObject({ home_score: 0, away_score: 0, status: 'in_progress', anchor_count: 0 });
  });

  it('pushes a playing match whole again once a minute, so a page that read it stale catches up', () => {
    const changes = new MatchChanges();
    changes.changeOf(view(), 0);
    expect(changes.changeOf(view({ minute: 13, match_str: "13'" }), wholeMatchEveryMs - 1)).toEqual({ id: 7, sport: 'football', minute: 13, match_str: "13'" });
    expect(changes.changeOf(view({ minute: 13, match_str: "13'" }), wholeMatchEveryMs)).toMatchObject({ home_score: 0, away_score: 0, status: 'in_progress', minute: 13 });
    expect(changes.changeOf(view({ minute: 13, match_str: "13'" }), wholeMatchEveryMs + 1)).toBeNull();
  });
});
