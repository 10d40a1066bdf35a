// Other names fans search by: nicknames, spellings without accents, English short forms and pinyin
// initials (of the full Chinese name and of the short one). Keyed by the team's or league's Chinese name.

export const teamAliases: Readonly<Record<string, readonly string[]>> = {
  巴塞罗那: ['Barça', 'Barca', 'Barcelona', '红蓝军团', 'bsln', 'bs'],
  皇家马德里: ['Real', '银河战舰', '皇家', 'hjmdl', 'hm'],
  马德里竞技: ['Atleti', '床单军团', 'mdljj', 'mj'],
  曼彻斯特联: ['Man Utd', 'Man United', '红魔', 'mcstl', 'ml'],
  曼彻斯特城: ['Man City', '蓝月亮', 'mcstc', 'mc'],
  利物浦: ['红军', 'The Reds', 'lwp'],
  阿森纳: ['枪手', 'Gunners', 'asn'],
  切尔西: ['蓝军', 'Blues', 'qex'],
  托特纳姆热刺: ['Spurs', 'Tottenham', 'rc'],
  拜仁慕尼黑: ['Bayern', 'FC Bayern', '南部之星', 'brmnh', 'br'],
  多特蒙德: ['Dortmund', '大黄蜂', 'dtmd', 'dt'],
  尤文图斯: ['Juve', '斑马军团', '老妇人', 'ywts', 'yw'],
  国际米兰: ['Inter Milan', '蓝黑军团', 'gjml', 'gm'],
  AC米兰: ['Milan', '红黑军团', 'acml'],
  那不勒斯: ['Napoli', 'nbls'],
  上海海港: ['上港', 'SIPG', 'shhg'],
  上海申花: ['Shenhua', 'shsh', 'sh'],
};

export const leagueAliases: Readonly<Record<string, readonly string[]>> = {
  'UEFA Champions League': ['欧洲冠军联赛', 'Champions League', 'ogls', 'og'],
  'Premier League': ['英格兰超级联赛', 'English Premier League', 'yc'],
  LaLiga: ['La Liga', 'xj'],
  'Serie A': ['yj'],
  Bundesliga: ['dj'],
  'Chinese Super League': ['中国足球超级联赛', 'zc'],
};
