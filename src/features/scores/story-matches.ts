import { sampleAvatar, sampleCover, sampleCrestAway, sampleCrestHome } from '../../ui/story-images.ts';
import type { components } from '../../api/schema';
import type { Match, MatchOdds } from './match-display.ts';

/** Odds of one company for the stories. */
export function sampleOdds(companyId = 1, shift = 0): MatchOdds {
  return {
    match_id: 1,
    company_id: companyId,
    company_name: companyId === 1 ? '澳门' : 'Bet365',
    company_name_en: companyId === 1 ? 'Macau' : 'Bet365',
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
  round_en: 'Round 12',
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

type Schemas = components['schemas'];

/** A day's list of three matches (in progress, not started, over), as hot_match/all_match answers it. */
export const sampleListPage: Schemas['MatchListPage'] = {
  total: 3,
  page: 1,
  limit: 100,
  list: [
    sampleMatch,
    {
      ...sampleMatch,
      id: 2,
      status: 'not_started',
      phase: 'not_started',
      minute: null,
      match_str: '',
      home_score: 0,
      away_score: 0,
      home_half_score: null,
      away_half_score: null,
      start_time: 1_763_807_400,
      home_team: { ...sampleMatch.away_team, id: 3, name: '利物浦', name_en: 'Liverpool', short_name_zh: '利物浦' },
      away_team: { ...sampleMatch.home_team, id: 4, name: '曼彻斯特城', name_en: 'Manchester City', short_name_zh: '曼城' },
      anchor_count: 0,
      odds: { ...sampleOdds(), match_id: 2 },
    },
    {
      ...sampleMatch,
      id: 3,
      status: 'over',
      phase: 'finished',
      minute: null,
      match_str: '',
      home_score: 0,
      away_score: 3,
      start_time: 1_763_785_200,
      anchor_count: 0,
      odds: { ...sampleOdds(), match_id: 3 },
    },
  ],
  leagues: [{ league: sampleMatch.league, match_count: 3 }],
  companies: [
    { id: 1, name: '澳门', name_en: 'Macau' },
    { id: 3, name: 'Bet365', name_en: 'Bet365' },
  ],
};

type LineupPlayer = Schemas['LineupPlayer'];

function players(names: ReadonlyArray<readonly [string, string]>, shirts: readonly number[], formation: string | null): LineupPlayer[] {
  const lines = formation ? formation.split('-').map(Number) : [];
  const lineOf = (index: number) => {
    if (index === 0) return 0;
    let seen = 1;
    for (const [lineIndex, count] of lines.entries()) {
      if (index < seen + count) return lineIndex + 1;
      seen += count;
    }
    return 0;
  };
  return names.map(([name, name_en], index) => {
    const line = formation && index < 11 ? lineOf(index) : 0;
    const position: LineupPlayer['position'] = index === 0 || (index === 11 && formation) ? 'G' : line === 1 ? 'D' : line === lines.length ? 'F' : 'M';
    return { name, name_en, shirt: shirts[index] ?? index + 1, position, line, points: null, events: [] };
  });
}

const homeSquad = [
  ['拉亚', 'Raya'], ['怀特', 'White'], ['萨利巴', 'Saliba'], ['加布里埃尔', 'Gabriel'], ['卡拉菲奥里', 'Calafiori'], ['托马斯', 'Partey'],
  ['赖斯', 'Rice'], ['厄德高', 'Ødegaard'], ['萨卡', 'Saka'], ['哈弗茨', 'Havertz'], ['马丁内利', 'Martinelli'],
  ['阿里萨巴拉加', 'Arrizabalaga'], ['廷伯', 'Timber'], ['基维奥尔', 'Kiwior'], ['若日尼奥', 'Jorginho'], ['特罗萨德', 'Trossard'], ['热苏斯', 'Jesus'],
] as const;
const awaySquad = [
  ['桑切斯', 'Sánchez'], ['詹姆斯', 'James'], ['福法纳', 'Fofana'], ['科尔威尔', 'Colwill'], ['库库雷利亚', 'Cucurella'], ['凯塞多', 'Caicedo'],
  ['恩佐', 'Enzo'], ['帕尔默', 'Palmer'], ['马杜埃凯', 'Madueke'], ['杰克逊', 'Jackson'], ['内托', 'Neto'],
  ['约根森', 'Jørgensen'], ['迪萨西', 'Disasi'], ['古斯托', 'Gusto'], ['拉维亚', 'Lavia'], ['恩昆库', 'Nkunku'], ['菲利克斯', 'Félix'],
] as const;

function footballLineup(squad: ReadonlyArray<readonly [string, string]>, formation: string, coach: [string, string]): Schemas['TeamLineup'] {
  const all = players(squad, [1, 4, 2, 6, 33, 5, 41, 8, 7, 29, 11, 22, 12, 15, 20, 19, 9], formation);
  return { formation, coach: coach[0], coach_en: coach[1], starters: all.slice(0, 11), substitutes: all.slice(11) };
}

/** Lineups of `sampleMatch`: 4-3-3 against 4-2-3-1, with the sample incidents marked on the players. */
export const sampleLineups: Schemas['MatchLineups'] = (() => {
  const home = footballLineup(homeSquad, '4-3-3', ['阿尔特塔', 'Arteta']);
  const away = footballLineup(awaySquad, '4-2-3-1', ['马雷斯卡', 'Maresca']);
  home.starters[8]!.events.push({ kind: 'goal', minute: 23 });
  home.starters[7]!.events.push({ kind: 'penalty_goal', minute: 61 });
  home.starters[9]!.events.push({ kind: 'sub_out', minute: 70 });
  home.substitutes[5]!.events.push({ kind: 'sub_in', minute: 70 });
  away.starters[6]!.events.push({ kind: 'yellow_card', minute: 38 });
  away.starters[7]!.events.push({ kind: 'goal', minute: 52 });
  return { sport: 'football', home, away };
})();

/** Basketball lineups: starting five and bench with points. */
export const sampleBasketballLineups: Schemas['MatchLineups'] = (() => {
  const squad = (names: string[], points: number[]): Schemas['TeamLineup'] => {
    const all = names.map((name, index): LineupPlayer => ({
      name,
      name_en: name,
      shirt: [0, 3, 23, 30, 11, 5, 8, 12, 21, 7, 9, 1][index]!,
      position: (['G', 'G', 'F', 'F', 'C'] as const)[index % 5]!,
      line: 0,
      points: points[index] ?? 0,
      events: [],
    }));
    return { formation: null, coach: names.at(-1)!, coach_en: names.at(-1)!, starters: all.slice(0, 5), substitutes: all.slice(5) };
  };
  return {
    sport: 'basketball',
    home: squad(['Johnson', 'Williams', 'Jones', 'Davis', 'Miller', 'Anderson', 'Jackson', 'Harris', 'Thompson', 'Green', 'Brown', 'White'], [18, 14, 22, 9, 12, 6, 4, 2, 0, 3, 0, 1]),
    away: squad(['Petrović', 'Jokić', 'Pappas', 'Sabonis', 'Lari', 'Karras', 'Durand', 'Hertz', 'Thomas', 'Slocum', 'Martin', 'Yurtseven'], [11, 25, 8, 16, 10, 5, 7, 0, 2, 4, 0, 0]),
  };
})();

/** Football momentum of `sampleMatch` up to the 70th minute: waves of pressure, the same every time. */
export const sampleMomentum: Schemas['MatchMomentum'] = {
  match_id: 1,
  kind: 'pressure',
  points: Array.from({ length: 72 }, (_, index) => {
    const t = index + 1;
    const minute = t <= 47 ? Math.min(t, 45) : t - 2;
    const added_minute = t > 45 && t <= 47 ? t - 45 : 0;
    const home = 2 + Math.round(4 + 4 * Math.sin(t / 5));
    const away = 2 + Math.round(4 + 4 * Math.cos(t / 7));
    const value = Math.sign(home - away) * Math.round(Math.abs((100 * (home - away)) / (home + away + 4))) || 0;
    return { t, minute, added_minute, period: t <= 47 ? 1 : 2, home, away, value };
  }),
};

/** Basketball lead tracker: three quarters of a 12-minute game. */
export const sampleLead: Schemas['MatchMomentum'] = {
  match_id: 2,
  kind: 'lead',
  points: Array.from({ length: 36 }, (_, index) => {
    const t = index + 1;
    const home = Math.round(t * 2.4 + 3 * Math.sin(t / 3));
    const away = Math.round(t * 2.3 + 3 * Math.cos(t / 4));
    return { t, minute: ((t - 1) % 12) + 1, added_minute: 0, period: Math.ceil(t / 12), home: Math.max(0, home), away: Math.max(0, away), value: Math.max(0, home) - Math.max(0, away) };
  }),
};

/** The detail of `sampleMatch` (hot_match/msgGetSimple): a goal each way, a card, statistics, two companies' odds. */
export const sampleDetail: Schemas['MatchDetail'] = {
  match: sampleMatch,
  incidents: [
    { id: 1, minute: 1, added_minute: null, phase: 'first_half', type: 'period_start', side: null, player_name: null, player_name_en: null, related_player_name: null, related_player_name_en: null, home_score: 0, away_score: 0 },
    { id: 2, minute: 23, added_minute: null, phase: 'first_half', type: 'goal', side: 'home', player_name: '萨卡', player_name_en: 'Saka', related_player_name: null, related_player_name_en: null, home_score: 1, away_score: 0 },
    { id: 3, minute: 38, added_minute: null, phase: 'first_half', type: 'yellow_card', side: 'away', player_name: '恩佐', player_name_en: 'Enzo', related_player_name: null, related_player_name_en: null, home_score: 1, away_score: 0 },
    { id: 4, minute: 52, added_minute: null, phase: 'second_half', type: 'goal', side: 'away', player_name: '帕尔默', player_name_en: 'Palmer', related_player_name: null, related_player_name_en: null, home_score: 1, away_score: 1 },
    { id: 5, minute: 61, added_minute: null, phase: 'second_half', type: 'penalty', side: 'home', player_name: '厄德高', player_name_en: 'Ødegaard', related_player_name: null, related_player_name_en: null, home_score: 2, away_score: 1 },
  ],
  statistics: {
    match_id: 1,
    items: [
      { key: 'possession', home: 58, away: 42 },
      { key: 'shots', home: 14, away: 9 },
      { key: 'shots_on_target', home: 6, away: 3 },
      { key: 'corners', home: 5, away: 2 },
      { key: 'yellow_cards', home: 2, away: 3 },
    ],
  },
  odds: [sampleOdds(1), sampleOdds(3, 0.05)],
  lineups: sampleLineups,
  momentum: sampleMomentum,
  live_rooms: [
    { room_id: 3, title: '边看边聊：阿森纳 vs 切尔西', cover: sampleCover, anchor: { id: 12, user_nickname: '解说大飞', avatar: sampleAvatar, exp_icon: '', is_anchor: 1 }, viewer_count: 25590 },
    { room_id: 8, title: '英超直播｜伦敦德比', cover: sampleCover, anchor: { id: 15, user_nickname: '足球老炮儿', avatar: sampleAvatar, exp_icon: '', is_anchor: 1 }, viewer_count: 16653 },
  ],
};

function row(rank: number, team: Schemas['Team'], r: Partial<Schemas['StandingRow']>): Schemas['StandingRow'] {
  return {
    rank,
    team,
    played: 12,
    won: 0,
    drawn: 0,
    lost: 0,
    goals_for: 0,
    goals_against: 0,
    goal_difference: 0,
    points: null,
    win_rate: null,
    games_behind: null,
    recent_form: ['won', 'drawn', 'lost'],
    zone: null,
    ...r,
  };
}

/** A football table of two teams (Football/season_table). */
export const sampleFootballTable: Schemas['SeasonTable'] = {
  league: sampleMatch.league,
  season: '2025-2026',
  seasons: ['2025-2026'],
  groups: [
    {
      name: '',
      rows: [
        row(1, sampleMatch.home_team, { won: 9, drawn: 2, lost: 1, goals_for: 25, goals_against: 8, goal_difference: 17, points: 29, zone: '欧冠' }),
        row(2, sampleMatch.away_team, { won: 7, drawn: 3, lost: 2, goals_for: 21, goals_against: 12, goal_difference: 9, points: 24 }),
      ],
    },
  ],
};

/** A basketball conference of two teams: points scored and conceded in goals_for and goals_against. */
export const sampleBasketballTable: Schemas['SeasonTable'] = {
  league: { ...sampleMatch.league, id: 7, name: '美国职业篮球联赛', name_en: 'NBA', short_name_zh: 'NBA', sport: 'basketball', country: '美国' },
  season: '2025-2026',
  seasons: ['2025-2026'],
  groups: [
    {
      name: '东部',
      rows: [
        row(1, { ...sampleMatch.home_team, name: '波士顿凯尔特人', name_en: 'Boston Celtics', short_name_zh: '凯尔特人' }, { played: 18, won: 14, lost: 4, goals_for: 2106, goals_against: 1944, goal_difference: 162, win_rate: 0.778, games_behind: 0, zone: '季后赛' }),
        row(2, { ...sampleMatch.away_team, name: '纽约尼克斯', name_en: 'New York Knicks', short_name_zh: '尼克斯' }, { played: 18, won: 11, lost: 7, goals_for: 2034, goals_against: 2001, goal_difference: 33, win_rate: 0.611, games_behind: 3 }),
      ],
    },
  ],
};

function tie(id: number, home: Schemas['Team'], away: Schemas['Team'], homeScore: number, awayScore: number): Match {
  return {
    ...sampleMatch,
    id,
    league: { ...sampleMatch.league, name: '国际足联世界杯', name_en: 'FIFA World Cup', short_name_zh: '世界杯' },
    home_team: home,
    away_team: away,
    status: 'over',
    phase: 'finished',
    minute: null,
    match_str: '',
    home_score: homeScore,
    away_score: awayScore,
    odds: null,
  };
}

const nation = (id: number, name: string, name_en: string, logo: string): Schemas['Team'] => ({ id, name, name_en, short_name_zh: name, logo });
const [arg, fra, esp, eng] = [
  nation(11, '阿根廷', 'Argentina', sampleCrestHome),
  nation(12, '法国', 'France', sampleCrestAway),
  nation(13, '西班牙', 'Spain', sampleCrestHome),
  nation(14, '英格兰', 'England', sampleCrestAway),
];

/** The last rounds of a World Cup bracket (Football/world_cup): semi-finals, third place, final. */
export const sampleWorldCupRounds: Schemas['WorldCupRound'][] = [
  { key: 'semi_final', name: '半决赛', matches: [tie(21, arg, eng, 2, 1), tie(22, esp, fra, 1, 2)] },
  { key: 'third_place', name: '季军赛', matches: [tie(23, eng, esp, 0, 1)] },
  { key: 'final', name: '决赛', matches: [tie(24, arg, fra, 3, 2)] },
];

const pastScores: Array<[number, number]> = [
  [2, 1],
  [0, 0],
  [1, 3],
  [2, 2],
  [3, 0],
  [0, 1],
  [1, 1],
  [4, 2],
  [0, 2],
  [2, 0],
];

/** hot_match/battleInfo for the sample match: meetings of Arsenal and Chelsea (1), each team's form (2, 3), what comes next (4). */
export function sampleBattle(type: 1 | 2 | 3 | 4): Schemas['MatchBattleInfo'] {
  const week = 7 * 24 * 60 * 60;
  const opponents = [sampleMatch.away_team, sampleListPage.list[1]!.home_team, sampleListPage.list[1]!.away_team];
  const team = type === 3 ? sampleMatch.away_team : sampleMatch.home_team;
  const list = pastScores.slice(0, type === 1 ? 4 : 10).map(([mine, theirs], index) => {
    const opponent = type === 1 ? (team.id === sampleMatch.home_team.id ? sampleMatch.away_team : sampleMatch.home_team) : opponents[(index % 2) + 1]!;
    const atHome = index % 2 === 0;
    const match: Match = {
      ...sampleMatch,
      id: 100 * type + index,
      status: type === 4 ? 'not_started' : 'over',
      phase: type === 4 ? 'not_started' : 'finished',
      match_str: '',
      home_team: atHome ? team : opponent,
      away_team: atHome ? opponent : team,
      home_score: type === 4 ? 0 : atHome ? mine : theirs,
      away_score: type === 4 ? 0 : atHome ? theirs : mine,
      start_time: sampleMatch.start_time + (type === 4 ? index + 1 : -(index + 1) * (type === 1 ? 20 : 1)) * week,
    };
    const result = type === 4 ? null : mine > theirs ? ('won' as const) : mine === theirs ? ('drawn' as const) : ('lost' as const);
    return { match, result };
  });
  if (type === 4) return { type, team: null, summary: null, list: list.slice(0, 2) };
  const count = (result: string) => list.filter((entry) => entry.result === result).length;
  const scored = list.reduce((sum, entry) => sum + (entry.match.home_team.id === team.id ? entry.match.home_score : entry.match.away_score), 0);
  const conceded = list.reduce((sum, entry) => sum + (entry.match.home_team.id === team.id ? entry.match.away_score : entry.match.home_score), 0);
  return {
    type,
    team,
    summary: { played: list.length, won: count('won'), drawn: count('drawn'), lost: count('lost'), goals_for: scored, goals_against: conceded, win_rate: count('won') / list.length },
    list,
  };
}
