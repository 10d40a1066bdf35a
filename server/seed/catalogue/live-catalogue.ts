// Catalogue of the demo world, read only by the seed (server/seed): live categories and the texts
// demo rooms are titled and decorated with.

export const liveCategoryDefs: Array<{ type: 1 | 2 | 3; name: string; name_en: string; league?: string; icon?: string }> = [
  { type: 1, name: '英超', name_en: 'Premier League', league: 'EPL' },
  { type: 1, name: '西甲', name_en: 'LaLiga', league: 'LIGA' },
  { type: 1, name: '意甲', name_en: 'Serie A', league: 'SA' },
  { type: 1, name: '德甲', name_en: 'Bundesliga', league: 'BUN' },
  { type: 1, name: '中超', name_en: 'CSL', league: 'CSL' },
  { type: 1, name: '欧冠', name_en: 'Champions League', league: 'UCL' },
  { type: 1, name: '足球综合', name_en: 'Football', icon: '/media/icons/cat-football.svg' },
  { type: 2, name: 'NBA', name_en: 'NBA', league: 'NBA' },
  { type: 2, name: 'CBA', name_en: 'CBA', league: 'CBA' },
  { type: 2, name: '欧篮联', name_en: 'EuroLeague', league: 'EL' },
  { type: 2, name: '篮球综合', name_en: 'Basketball', icon: '/media/icons/cat-basketball.svg' },
  { type: 3, name: '英雄联盟', name_en: 'League of Legends', league: 'LPL' },
  { type: 3, name: 'DOTA2', name_en: 'Dota 2', league: 'DOTA' },
  { type: 3, name: 'CS2', name_en: 'Counter-Strike 2', league: 'CS2' },
  { type: 3, name: '电竞综合', name_en: 'Esports', icon: '/media/icons/cat-esports.svg' },
];

export const placards = [
  '欢迎来到直播间！关注主播不迷路，开播第一时间提醒你～',
  '每晚八点准时开播，文明发言，理性看球。',
  '新来的朋友点个关注，弹幕聊起来！',
  '粉丝群已开放，进群领取赛前分析～',
  '本直播间禁止广告与人身攻击，违者禁言。',
  '感谢大家的礼物和支持，比赛结束后抽奖！',
  '周末双赛连播，别走开！',
  '有问题可以私信主播，看到都会回复。',
];

export const roomTitleTemplates = [
  '【{league}】{home} vs {away} 全场解说',
  '{home}对阵{away}，一起来看球！',
  '{league}焦点战：{home}能否拿下{away}？',
  '激情解说 {home} VS {away}',
  '{league}直播｜{home}主场迎战{away}',
  '边看边聊：{home} vs {away}',
];

export const offAirTitles = [
  '今晚{league}前瞻，边看边聊',
  '赛后复盘：今天的比赛你怎么看？',
  '{league}周末赛事预热',
  '深夜闲聊，聊聊本周的比赛',
];
