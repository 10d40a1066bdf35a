import { sampleCrestAway, sampleCrestHome } from '../../ui/story-images.ts';
import type { Match, MatchOdds } from './match-view.ts';

/** Odds of one company for the stories. */
export function sampleOdds(companyId = 1, shift = 0): MatchOdds {
  return {
    match_id: 1,
    company_id: companyId,
    company_name: companyId === 1 ? '澳门' : 'Bet365',
    asian_handicap: { initial: { home: 0.9, line: -0.5, away: 0.94 }, current: { home: 0.86 + shift, line: -0.25, away: 0.98 - shift } },
    over_under: { initial: { over: 0.97, line: 2.5, under: 0.85 }, current: { over: 0.92, line: 2.25, under: 0.9 } },
    one_x_two: { initial: { home: 1.81, draw: 3.8, away: 4.12 }, current: { home: 1.76, draw: 3.9, away: 4.3 } },
    suspended: false,
    updated_at: 1_763_800_000,
  };
}

/** A football match in its 67th minute, for the stories. */
export const sampleMatch: Match = {
  id: 1,
  sport: 'football',
  league: { id: 1, name: '英格兰足球超级联赛', name_en: 'Premier League', short_name_zh: '英超', logo: '', sport: 'football', country: '英格兰' },
  round: '第12轮',
  best_of: null,
  home_team: { id: 1, name: '阿森纳', name_en: 'Arsenal', short_name_zh: '阿森纳', logo: sampleCrestHome },
  away_team: { id: 2, name: '切尔西', name_en: 'Chelsea', short_name_zh: '切尔西', logo: sampleCrestAway },
  home_team_name_zh: '阿森纳',
  away_team_name_zh: '切尔西',
  home_score: 2,
  away_score: 1,
  home_half_score: 1,
  away_half_score: 0,
  period_scores: [],
  status: 'in_progress',
  phase: 'second_half',
  minute: 67,
  match_str: "67'",
  start_time: 1_763_796_000,
  home_red_cards: 0,
  away_red_cards: 1,
  home_yellow_cards: 2,
  away_yellow_cards: 3,
  home_corners: 5,
  away_corners: 2,
  anchor_count: 1,
  is_collect: 0,
  odds: sampleOdds(),
};
