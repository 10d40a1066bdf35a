// The fixed catalogue of the demo world: competitions, teams, people's names and the texts the
// seed (seed.ts) composes from. Team names are the real clubs; every picture is drawn by the site.

import type { PlayerPool } from '../feed/player-names.ts';
import type { Sport } from './tables/column-types.ts';
import type { SeasonStyle } from './tables/scores-tables.ts';

export interface TeamDef {
  /** Chinese name as shown on the site. */
  name: string;
  name_en: string;
  short_name_zh: string;
  /** Crest initials and short English name: [A-Z0-9]{1,4}. */
  code: string;
}

export interface LeagueDef {
  key: string;
  sport: Sport;
  name: string;
  name_en: string;
  short_name_zh: string;
  short_name_en: string;
  /** Logo code: /media/leagues/<sport>-<code>.svg */
  code: string;
  country: string;
  country_en: string;
  /**
   * 'two_year' seasons run Aug–May ('2025-2026'), 'calendar_year' ones a single year, 'world_cup' ones are
   * the year of the last finished edition (every four years, 2026, 2030).
   */
  seasonStyle: SeasonStyle;
  /** Teams from strongest to weakest (roughly). Entries 'league:CODE' reuse a team of another league. */
  teams: Array<TeamDef | string>;
  /** Fixtures on the seeded day, and on each day the feed plans; a tournament (fixtures 0) has its own schedule. */
  fixtures: number;
  /** Group names for split tables (conferences), applied to teams in order, half each. */
  groups?: [string, string];
  players: PlayerPool;
  hot: boolean;
}

const t = (name: string, name_en: string, short_name_zh: string, code: string): TeamDef => ({
  name,
  name_en,
  short_name_zh,
  code,
});

export const leagueDefs: LeagueDef[] = [
  {
    key: 'EPL',
    sport: 'football',
    name: '英格兰足球超级联赛',
    name_en: 'Premier League',
    short_name_zh: '英超',
    short_name_en: 'EPL',
    code: 'EPL',
    country: '英格兰',
    country_en: 'England',
    seasonStyle: 'two_year',
    fixtures: 10,
    players: 'en',
    hot: true,
    teams: [
      t('曼彻斯特城', 'Manchester City', '曼城', 'MCI'),
      t('阿森纳', 'Arsenal', '阿森纳', 'ARS'),
      t('利物浦', 'Liverpool', '利物浦', 'LIV'),
      t('切尔西', 'Chelsea', '切尔西', 'CHE'),
      t('阿斯顿维拉', 'Aston Villa', '维拉', 'AVL'),
      t('纽卡斯尔联', 'Newcastle United', '纽卡', 'NEW'),
      t('托特纳姆热刺', 'Tottenham Hotspur', '热刺', 'TOT'),
      t('曼彻斯特联', 'Manchester United', '曼联', 'MUN'),
      t('布莱顿', 'Brighton & Hove Albion', '布莱顿', 'BHA'),
      t('诺丁汉森林', 'Nottingham Forest', '森林', 'NFO'),
      t('水晶宫', 'Crystal Palace', '水晶宫', 'CRY'),
      t('伯恩茅斯', 'AFC Bournemouth', '伯恩茅斯', 'BOU'),
      t('富勒姆', 'Fulham', '富勒姆', 'FUL'),
      t('布伦特福德', 'Brentford', '布伦特', 'BRE'),
      t('西汉姆联', 'West Ham United', '西汉姆', 'WHU'),
      t('埃弗顿', 'Everton', '埃弗顿', 'EVE'),
      t('狼队', 'Wolverhampton Wanderers', '狼队', 'WOL'),
      t('利兹联', 'Leeds United', '利兹联', 'LEE'),
      t('桑德兰', 'Sunderland', '桑德兰', 'SUN'),
      t('伯恩利', 'Burnley', '伯恩利', 'BUR'),
    ],
  },
  {
    key: 'LIGA',
    sport: 'football',
    name: '西班牙足球甲级联赛',
    name_en: 'LaLiga',
    short_name_zh: '西甲',
    short_name_en: 'LaLiga',
    code: 'LIGA',
    country: '西班牙',
    country_en: 'Spain',
    seasonStyle: 'two_year',
    fixtures: 10,
    players: 'es',
    hot: true,
    teams: [
      t('皇家马德里', 'Real Madrid', '皇马', 'RMA'),
      t('巴塞罗那', 'FC Barcelona', '巴萨', 'FCB'),
      t('马德里竞技', 'Atlético de Madrid', '马竞', 'ATM'),
      t('毕尔巴鄂竞技', 'Athletic Club', '毕尔巴鄂', 'ATH'),
      t('比利亚雷亚尔', 'Villarreal', '黄潜', 'VIL'),
      t('皇家贝蒂斯', 'Real Betis', '贝蒂斯', 'BET'),
      t('皇家社会', 'Real Sociedad', '皇社', 'RSO'),
      t('赫罗纳', 'Girona', '赫罗纳', 'GIR'),
      t('塞尔塔', 'Celta Vigo', '塞尔塔', 'CEL'),
      t('塞维利亚', 'Sevilla', '塞维利亚', 'SEV'),
      t('瓦伦西亚', 'Valencia', '瓦伦西亚', 'VAL'),
      t('奥萨苏纳', 'Osasuna', '奥萨苏纳', 'OSA'),
      t('巴列卡诺', 'Rayo Vallecano', '巴列卡诺', 'RAY'),
      t('赫塔费', 'Getafe', '赫塔费', 'GET'),
      t('马略卡', 'Mallorca', '马略卡', 'MLL'),
      t('西班牙人', 'Espanyol', '西班牙人', 'ESP'),
      t('阿拉维斯', 'Deportivo Alavés', '阿拉维斯', 'ALA'),
      t('埃尔切', 'Elche', '埃尔切', 'ELC'),
      t('莱万特', 'Levante', '莱万特', 'LEV'),
      t('皇家奥维耶多', 'Real Oviedo', '奥维耶多', 'OVI'),
    ],
  },
  {
    key: 'SA',
    sport: 'football',
    name: '意大利足球甲级联赛',
    name_en: 'Serie A',
    short_name_zh: '意甲',
    short_name_en: 'Serie A',
    code: 'SA',
    country: '意大利',
    country_en: 'Italy',
    seasonStyle: 'two_year',
    fixtures: 10,
    players: 'it',
    hot: true,
    teams: [
      t('国际米兰', 'Inter', '国米', 'INT'),
      t('那不勒斯', 'Napoli', '那不勒斯', 'NAP'),
      t('AC米兰', 'AC Milan', '米兰', 'MIL'),
      t('尤文图斯', 'Juventus', '尤文', 'JUV'),
      t('亚特兰大', 'Atalanta', '亚特兰大', 'ATA'),
      t('罗马', 'AS Roma', '罗马', 'ROM'),
      t('拉齐奥', 'Lazio', '拉齐奥', 'LAZ'),
      t('科莫', 'Como', '科莫', 'COM'),
      t('博洛尼亚', 'Bologna', '博洛尼亚', 'BOL'),
      t('佛罗伦萨', 'Fiorentina', '佛罗伦萨', 'FIO'),
      t('都灵', 'Torino', '都灵', 'TOR'),
      t('乌迪内斯', 'Udinese', '乌迪内斯', 'UDI'),
      t('热那亚', 'Genoa', '热那亚', 'GEN'),
      t('卡利亚里', 'Cagliari', '卡利亚里', 'CAG'),
      t('帕尔马', 'Parma', '帕尔马', 'PAR'),
      t('萨索洛', 'Sassuolo', '萨索洛', 'SAS'),
      t('维罗纳', 'Hellas Verona', '维罗纳', 'VER'),
      t('莱切', 'Lecce', '莱切', 'LEC'),
      t('克雷莫纳', 'Cremonese', '克雷莫纳', 'CRE'),
      t('比萨', 'Pisa', '比萨', 'PIS'),
    ],
  },
  {
    key: 'BUN',
    sport: 'football',
    name: '德国足球甲级联赛',
    name_en: 'Bundesliga',
    short_name_zh: '德甲',
    short_name_en: 'Bundesliga',
    code: 'BUN',
    country: '德国',
    country_en: 'Germany',
    seasonStyle: 'two_year',
    fixtures: 9,
    players: 'de',
    hot: true,
    teams: [
      t('拜仁慕尼黑', 'Bayern München', '拜仁', 'BAY'),
      t('勒沃库森', 'Bayer Leverkusen', '药厂', 'B04'),
      t('多特蒙德', 'Borussia Dortmund', '多特', 'BVB'),
      t('RB莱比锡', 'RB Leipzig', '莱比锡', 'RBL'),
      t('斯图加特', 'VfB Stuttgart', '斯图加特', 'VFB'),
      t('法兰克福', 'Eintracht Frankfurt', '法兰克福', 'SGE'),
      t('弗赖堡', 'SC Freiburg', '弗赖堡', 'SCF'),
      t('沃尔夫斯堡', 'VfL Wolfsburg', '狼堡', 'WOB'),
      t('门兴格拉德巴赫', 'Borussia Mönchengladbach', '门兴', 'BMG'),
      t('霍芬海姆', 'TSG Hoffenheim', '霍芬海姆', 'TSG'),
      t('美因茨', 'Mainz 05', '美因茨', 'M05'),
      t('云达不莱梅', 'Werder Bremen', '不莱梅', 'SVW'),
      t('柏林联合', 'Union Berlin', '柏林联', 'FCU'),
      t('奥格斯堡', 'FC Augsburg', '奥格斯堡', 'FCA'),
      t('海登海姆', '1. FC Heidenheim', '海登海姆', 'FCH'),
      t('圣保利', 'FC St. Pauli', '圣保利', 'STP'),
      t('科隆', '1. FC Köln', '科隆', 'KOE'),
      t('汉堡', 'Hamburger SV', '汉堡', 'HSV'),
    ],
  },
  {
    key: 'CSL',
    sport: 'football',
    name: '中国足球协会超级联赛',
    name_en: 'Chinese Super League',
    short_name_zh: '中超',
    short_name_en: 'CSL',
    code: 'CSL',
    country: '中国',
    country_en: 'China',
    seasonStyle: 'calendar_year',
    fixtures: 8,
    players: 'cn',
    hot: true,
    teams: [
      t('上海海港', 'Shanghai Port', '海港', 'SHP'),
      t('上海申花', 'Shanghai Shenhua', '申花', 'SHS'),
      t('成都蓉城', 'Chengdu Rongcheng', '蓉城', 'CDR'),
      t('北京国安', 'Beijing Guoan', '国安', 'BJG'),
      t('山东泰山', 'Shandong Taishan', '泰山', 'SDT'),
      t('天津津门虎', 'Tianjin Jinmen Tiger', '津门虎', 'TJT'),
      t('浙江队', 'Zhejiang FC', '浙江', 'ZJ'),
      t('河南队', 'Henan FC', '河南', 'HN'),
      t('武汉三镇', 'Wuhan Three Towns', '三镇', 'WTT'),
      t('青岛西海岸', 'Qingdao West Coast', '西海岸', 'QWC'),
      t('深圳新鹏城', 'Shenzhen Peng City', '新鹏城', 'SZP'),
      t('大连英博', 'Dalian Yingbo', '英博', 'DLY'),
      t('青岛海牛', 'Qingdao Hainiu', '海牛', 'QDH'),
      t('云南玉昆', 'Yunnan Yukun', '玉昆', 'YNY'),
      t('梅州客家', 'Meizhou Hakka', '梅州', 'MZH'),
      t('长春亚泰', 'Changchun Yatai', '亚泰', 'CCY'),
    ],
  },
  {
    key: 'UCL',
    sport: 'football',
    name: '欧洲冠军联赛',
    name_en: 'UEFA Champions League',
    short_name_zh: '欧冠',
    short_name_en: 'UCL',
    code: 'UCL',
    country: '欧洲',
    country_en: 'Europe',
    seasonStyle: 'two_year',
    fixtures: 8,
    players: 'mix',
    hot: true,
    teams: [
      'LIGA:RMA',
      'EPL:MCI',
      'BUN:BAY',
      'EPL:ARS',
      'LIGA:FCB',
      'SA:INT',
      t('巴黎圣日耳曼', 'Paris Saint-Germain', '巴黎', 'PSG'),
      'EPL:LIV',
      'BUN:B04',
      'LIGA:ATM',
      'BUN:BVB',
      'SA:NAP',
      t('本菲卡', 'Benfica', '本菲卡', 'BEN'),
      'SA:JUV',
      t('波尔图', 'FC Porto', '波尔图', 'POR'),
      t('阿贾克斯', 'Ajax', '阿贾克斯', 'AJA'),
    ],
  },
  {
    key: 'NBA',
    sport: 'basketball',
    name: '美国职业篮球联赛',
    name_en: 'NBA',
    short_name_zh: 'NBA',
    short_name_en: 'NBA',
    code: 'NBA',
    country: '美国',
    country_en: 'USA',
    seasonStyle: 'two_year',
    fixtures: 8,
    groups: ['东部', '西部'],
    players: 'nba',
    hot: true,
    teams: [
      t('波士顿凯尔特人', 'Boston Celtics', '凯尔特人', 'BOS'),
      t('克利夫兰骑士', 'Cleveland Cavaliers', '骑士', 'CLE'),
      t('纽约尼克斯', 'New York Knicks', '尼克斯', 'NYK'),
      t('密尔沃基雄鹿', 'Milwaukee Bucks', '雄鹿', 'MIL'),
      t('奥兰多魔术', 'Orlando Magic', '魔术', 'ORL'),
      t('印第安纳步行者', 'Indiana Pacers', '步行者', 'IND'),
      t('迈阿密热火', 'Miami Heat', '热火', 'MIA'),
      t('费城76人', 'Philadelphia 76ers', '76人', 'PHI'),
      t('亚特兰大老鹰', 'Atlanta Hawks', '老鹰', 'ATL'),
      t('芝加哥公牛', 'Chicago Bulls', '公牛', 'CHI'),
      t('俄克拉荷马城雷霆', 'Oklahoma City Thunder', '雷霆', 'OKC'),
      t('丹佛掘金', 'Denver Nuggets', '掘金', 'DEN'),
      t('明尼苏达森林狼', 'Minnesota Timberwolves', '森林狼', 'MIN'),
      t('洛杉矶湖人', 'Los Angeles Lakers', '湖人', 'LAL'),
      t('休斯顿火箭', 'Houston Rockets', '火箭', 'HOU'),
      t('金州勇士', 'Golden State Warriors', '勇士', 'GSW'),
      t('洛杉矶快船', 'LA Clippers', '快船', 'LAC'),
      t('达拉斯独行侠', 'Dallas Mavericks', '独行侠', 'DAL'),
      t('菲尼克斯太阳', 'Phoenix Suns', '太阳', 'PHX'),
      t('圣安东尼奥马刺', 'San Antonio Spurs', '马刺', 'SAS'),
    ],
  },
  {
    key: 'CBA',
    sport: 'basketball',
    name: '中国男子篮球职业联赛',
    name_en: 'Chinese Basketball Association',
    short_name_zh: 'CBA',
    short_name_en: 'CBA',
    code: 'CBA',
    country: '中国',
    country_en: 'China',
    seasonStyle: 'two_year',
    fixtures: 6,
    players: 'cn',
    hot: true,
    teams: [
      t('辽宁本钢', 'Liaoning Flying Leopards', '辽宁', 'LN'),
      t('广东宏远', 'Guangdong Southern Tigers', '广东', 'GD'),
      t('浙江广厦', 'Zhejiang Lions', '广厦', 'ZJG'),
      t('上海久事', 'Shanghai Sharks', '上海', 'SH'),
      t('北京首钢', 'Beijing Ducks', '北京', 'BJ'),
      t('新疆伊力特', 'Xinjiang Flying Tigers', '新疆', 'XJ'),
      t('山东高速', 'Shandong Heroes', '山东', 'SD'),
      t('浙江稠州', 'Zhejiang Golden Bulls', '稠州', 'ZJC'),
      t('深圳马可波罗', 'Shenzhen Leopards', '深圳', 'SZ'),
      t('青岛国信', 'Qingdao Eagles', '青岛', 'QD'),
      t('山西汾酒', 'Shanxi Loongs', '山西', 'SX'),
      t('吉林九台', 'Jilin Northeast Tigers', '吉林', 'JL'),
      t('广州龙狮', 'Guangzhou Loong Lions', '广州', 'GZ'),
      t('天津先行者', 'Tianjin Pioneers', '天津', 'TJ'),
      t('福建浔兴', 'Fujian Sturgeons', '福建', 'FJ'),
      t('南京同曦', 'Nanjing Monkey Kings', '同曦', 'NJ'),
    ],
  },
  {
    key: 'EL',
    sport: 'basketball',
    name: '欧洲篮球联赛',
    name_en: 'EuroLeague',
    short_name_zh: '欧篮联',
    short_name_en: 'EuroLeague',
    code: 'EL',
    country: '欧洲',
    country_en: 'Europe',
    seasonStyle: 'two_year',
    fixtures: 6,
    players: 'eu',
    hot: false,
    teams: [
      t('费内巴切', 'Fenerbahçe', '费内巴切', 'FEN'),
      t('皇家马德里篮球', 'Real Madrid Baloncesto', '皇马篮球', 'RMB'),
      t('奥林匹亚科斯', 'Olympiacos', '奥林匹亚科斯', 'OLY'),
      t('帕纳辛纳科斯', 'Panathinaikos', '帕纳辛纳科斯', 'PAO'),
      t('摩纳哥篮球', 'AS Monaco Basket', '摩纳哥', 'MON'),
      t('巴塞罗那篮球', 'FC Barcelona Bàsquet', '巴萨篮球', 'BAR'),
      t('萨尔吉里斯', 'Žalgiris Kaunas', '萨尔吉里斯', 'ZAL'),
      t('特拉维夫马卡比', 'Maccabi Tel Aviv', '马卡比', 'MTA'),
      t('米兰奥林匹亚', 'Olimpia Milano', '米兰篮球', 'OLM'),
      t('阿纳多卢艾菲斯', 'Anadolu Efes', '艾菲斯', 'EFS'),
      t('贝尔格莱德红星', 'Crvena Zvezda', '红星', 'CZV'),
      t('贝尔格莱德游击队', 'Partizan', '游击队', 'PAR'),
      t('巴斯克尼亚', 'Baskonia', '巴斯克尼亚', 'BKN'),
      t('拜仁篮球', 'FC Bayern Basketball', '拜仁篮球', 'FCBB'),
      t('巴黎篮球', 'Paris Basketball', '巴黎篮球', 'PBB'),
      t('博洛尼亚维尔图斯', 'Virtus Bologna', '维尔图斯', 'VIR'),
      t('瓦伦西亚篮球', 'Valencia Basket', '瓦伦西亚', 'VBC'),
      t('柏林阿尔巴', 'ALBA Berlin', '阿尔巴', 'ALB'),
    ],
  },
  {
    key: 'LPL',
    sport: 'esports',
    name: '英雄联盟职业联赛',
    name_en: 'LoL Pro League',
    short_name_zh: 'LPL',
    short_name_en: 'LPL',
    code: 'LPL',
    country: '中国',
    country_en: 'China',
    seasonStyle: 'calendar_year',
    fixtures: 4,
    players: 'esports',
    hot: true,
    teams: [
      t('BLG', 'Bilibili Gaming', 'BLG', 'BLG'),
      t('AL', "Anyone's Legend", 'AL', 'AL'),
      t('TES', 'Top Esports', 'TES', 'TES'),
      t('JDG', 'JD Gaming', 'JDG', 'JDG'),
      t('WBG', 'Weibo Gaming', 'WBG', 'WBG'),
      t('IG', 'Invictus Gaming', 'IG', 'IG'),
      t('NIP', 'Ninjas in Pyjamas', 'NIP', 'NIP'),
      t('EDG', 'EDward Gaming', 'EDG', 'EDG'),
      t('LNG', 'LNG Esports', 'LNG', 'LNG'),
      t('FPX', 'FunPlus Phoenix', 'FPX', 'FPX'),
      t('OMG', 'Oh My God', 'OMG', 'OMG'),
      t('WE', 'Team WE', 'WE', 'WE'),
      t('LGD', 'LGD Gaming', 'LGD', 'LGD'),
      t('TT', 'ThunderTalk Gaming', 'TT', 'TT'),
      t('UP', 'Ultra Prime', 'UP', 'UP'),
      t('RA', 'Rare Atom', 'RA', 'RA'),
    ],
  },
  {
    key: 'DOTA',
    sport: 'esports',
    name: 'DOTA2 梦幻联赛',
    name_en: 'DreamLeague (Dota 2)',
    short_name_zh: 'DOTA2',
    short_name_en: 'DOTA2',
    code: 'DOTA',
    country: '国际',
    country_en: 'International',
    seasonStyle: 'calendar_year',
    fixtures: 4,
    players: 'esports',
    hot: false,
    teams: [
      t('Team Spirit', 'Team Spirit', 'Spirit', 'TS'),
      t('Team Falcons', 'Team Falcons', 'Falcons', 'FLC'),
      t('Team Liquid', 'Team Liquid', 'Liquid', 'TL'),
      t('Tundra', 'Tundra Esports', 'Tundra', 'TUN'),
      t('Gaimin Gladiators', 'Gaimin Gladiators', 'GG', 'GG'),
      t('BetBoom', 'BetBoom Team', 'BB', 'BB'),
      t('Xtreme Gaming', 'Xtreme Gaming', 'XG', 'XG'),
      t('PARIVISION', 'PARIVISION', 'PARI', 'PARI'),
      t('Aurora', 'Aurora Gaming', 'Aurora', 'AUR'),
      t('Nigma Galaxy', 'Nigma Galaxy', 'Nigma', 'NGX'),
      t('OG', 'OG', 'OG', 'OG'),
      t('Team Tidebound', 'Team Tidebound', 'Tidebound', 'TB'),
    ],
  },
  {
    key: 'CS2',
    sport: 'esports',
    name: 'CS2 IEM 大师赛',
    name_en: 'IEM (Counter-Strike 2)',
    short_name_zh: 'CS2',
    short_name_en: 'CS2',
    code: 'CS2',
    country: '国际',
    country_en: 'International',
    seasonStyle: 'calendar_year',
    fixtures: 4,
    players: 'esports',
    hot: false,
    teams: [
      t('Vitality', 'Team Vitality', 'Vitality', 'VIT'),
      t('MOUZ', 'MOUZ', 'MOUZ', 'MOUZ'),
      t('Natus Vincere', 'Natus Vincere', 'NAVI', 'NAVI'),
      t('The MongolZ', 'The MongolZ', 'MongolZ', 'MGZ'),
      t('FaZe', 'FaZe Clan', 'FaZe', 'FAZE'),
      t('Team Spirit', 'Team Spirit', 'Spirit', 'SPRT'),
      t('G2', 'G2 Esports', 'G2', 'G2'),
      t('FURIA', 'FURIA Esports', 'FURIA', 'FUR'),
      t('Aurora', 'Aurora Gaming', 'Aurora', 'AUR'),
      t('Astralis', 'Astralis', 'Astralis', 'AST'),
      t('Virtus.pro', 'Virtus.pro', 'VP', 'VP'),
      t('Falcons', 'Team Falcons', 'Falcons', 'FLC'),
      t('Liquid', 'Team Liquid', 'Liquid', 'TL'),
      t('Heroic', 'Heroic', 'Heroic', 'HER'),
      t('3DMAX', '3DMAX', '3DMAX', '3DMX'),
      t('TYLOO', 'TYLOO', 'TYLOO', 'TYL'),
    ],
  },
  {
    // The last finished World Cup: groups and a knockout bracket, seeded whole (server/db/seed/world-cup-seed.ts).
    key: 'WC',
    sport: 'football',
    name: '国际足联世界杯',
    name_en: 'FIFA World Cup',
    short_name_zh: '世界杯',
    short_name_en: 'World Cup',
    code: 'WC',
    country: '国际',
    country_en: 'International',
    seasonStyle: 'world_cup',
    fixtures: 0,
    players: 'mix',
    hot: true,
    // Strongest first: the draw takes them in four pots of twelve.
    teams: [
      t('阿根廷', 'Argentina', '阿根廷', 'ARG'),
      t('法国', 'France', '法国', 'FRA'),
      t('西班牙', 'Spain', '西班牙', 'ESP'),
      t('英格兰', 'England', '英格兰', 'ENG'),
      t('巴西', 'Brazil', '巴西', 'BRA'),
      t('葡萄牙', 'Portugal', '葡萄牙', 'POR'),
      t('荷兰', 'Netherlands', '荷兰', 'NED'),
      t('比利时', 'Belgium', '比利时', 'BEL'),
      t('德国', 'Germany', '德国', 'GER'),
      t('克罗地亚', 'Croatia', '克罗地亚', 'CRO'),
      t('摩洛哥', 'Morocco', '摩洛哥', 'MAR'),
      t('哥伦比亚', 'Colombia', '哥伦比亚', 'COL'),
      t('乌拉圭', 'Uruguay', '乌拉圭', 'URU'),
      t('日本', 'Japan', '日本', 'JPN'),
      t('美国', 'United States', '美国', 'USA'),
      t('墨西哥', 'Mexico', '墨西哥', 'MEX'),
      t('瑞士', 'Switzerland', '瑞士', 'SUI'),
      t('塞内加尔', 'Senegal', '塞内加尔', 'SEN'),
      t('丹麦', 'Denmark', '丹麦', 'DEN'),
      t('伊朗', 'Iran', '伊朗', 'IRN'),
      t('韩国', 'South Korea', '韩国', 'KOR'),
      t('厄瓜多尔', 'Ecuador', '厄瓜多尔', 'ECU'),
      t('奥地利', 'Austria', '奥地利', 'AUT'),
      t('澳大利亚', 'Australia', '澳大利亚', 'AUS'),
      t('挪威', 'Norway', '挪威', 'NOR'),
      t('加拿大', 'Canada', '加拿大', 'CAN'),
      t('土耳其', 'Türkiye', '土耳其', 'TUR'),
      t('埃及', 'Egypt', '埃及', 'EGY'),
      t('阿尔及利亚', 'Algeria', '阿尔及利亚', 'ALG'),
      t('苏格兰', 'Scotland', '苏格兰', 'SCO'),
      t('巴拉圭', 'Paraguay', '巴拉圭', 'PAR'),
      t('突尼斯', 'Tunisia', '突尼斯', 'TUN'),
      t('科特迪瓦', "Côte d'Ivoire", '科特迪瓦', 'CIV'),
      t('乌兹别克斯坦', 'Uzbekistan', '乌兹别克', 'UZB'),
      t('卡塔尔', 'Qatar', '卡塔尔', 'QAT'),
      t('沙特阿拉伯', 'Saudi Arabia', '沙特', 'KSA'),
      t('南非', 'South Africa', '南非', 'RSA'),
      t('约旦', 'Jordan', '约旦', 'JOR'),
      t('佛得角', 'Cape Verde', '佛得角', 'CPV'),
      t('加纳', 'Ghana', '加纳', 'GHA'),
      t('巴拿马', 'Panama', '巴拿马', 'PAN'),
      t('海地', 'Haiti', '海地', 'HAI'),
      t('库拉索', 'Curaçao', '库拉索', 'CUW'),
      t('新西兰', 'New Zealand', '新西兰', 'NZL'),
      t('捷克', 'Czechia', '捷克', 'CZE'),
      t('瑞典', 'Sweden', '瑞典', 'SWE'),
      t('伊拉克', 'Iraq', '伊拉克', 'IRQ'),
      t('波黑', 'Bosnia and Herzegovina', '波黑', 'BIH'),
    ],
  },
];

/**
 * The knockout rounds of a World Cup as stored (the app names them per language from the key), and the
 * day of each match counted from the first day of the round of 32.
 */
export const worldCupRounds = [
  { key: 'round_of_32', name: '1/16决赛', name_en: 'Round of 32', days: [0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 5, 5] },
  { key: 'round_of_16', name: '1/8决赛', name_en: 'Round of 16', days: [6, 6, 7, 7, 8, 8, 9, 9] },
  { key: 'quarter_final', name: '1/4决赛', name_en: 'Quarter-finals', days: [11, 11, 12, 13] },
  { key: 'semi_final', name: '半决赛', name_en: 'Semi-finals', days: [16, 17] },
  { key: 'third_place', name: '季军赛', name_en: 'Third place', days: [20] },
  { key: 'final', name: '决赛', name_en: 'Final', days: [21] },
] as const;

export const anchorDefs: Array<{ nickname: string; type: 1 | 2 | 3; signature: string }> = [
  { nickname: '足球老炮儿', type: 1, signature: '看了二十年球，专聊英超和欧冠' },
  { nickname: '解说大飞', type: 1, signature: '激情解说，进球必喊！' },
  { nickname: '阿乐说球', type: 1, signature: '每晚八点，不见不散' },
  { nickname: '战术板老陈', type: 1, signature: '战术复盘，带你看懂每一次跑位' },
  { nickname: '球场诗人', type: 1, signature: '足球是圆的，生活也是' },
  { nickname: '米兰小王子', type: 1, signature: '意甲死忠，红黑到底' },
  { nickname: '红魔老K', type: 1, signature: '梦剧场的老观众' },
  { nickname: '德甲小钢炮', type: 1, signature: '德甲、德国队，一个不落' },
  { nickname: '中超观察员', type: 1, signature: '关注中国足球，关注身边的球场' },
  { nickname: '篮球少女小鹿', type: 2, signature: 'NBA 每日直播，陪你看球到天亮' },
  { nickname: '篮下的猫', type: 2, signature: '内线才是篮球的灵魂' },
  { nickname: '三分雨姐姐', type: 2, signature: '三分命中率比我的工资高' },
  { nickname: '扣篮哥', type: 2, signature: 'CBA 现场解说，真情实感' },
  { nickname: '深夜看球君', type: 2, signature: '欧篮联也精彩，来一起看' },
  { nickname: '电竞小七', type: 3, signature: 'LPL 全程陪看，BP 分析' },
  { nickname: '峡谷解说阿泽', type: 3, signature: '峡谷之巅见' },
  { nickname: '刀塔老司机', type: 3, signature: 'DOTA2 十年老玩家' },
  { nickname: '狙神小白', type: 3, signature: 'CS2 职业比赛解说，偶尔打打天梯' },
  { nickname: '电竞老猫', type: 3, signature: '不吹不黑，只聊比赛' },
];

export const userNicknames = [
  '冷静分析师', '数据帝阿强', '欧赔猎人', '篮球数据师',
  '追风少年', '蓝色海洋', '红魔死忠', '夜猫子球迷', '詹皇铁粉', '梅西的左脚', '小杨不吃香菜', '周末看球',
  '绿茵场边', '一路向北', '球迷老张', '快乐小熊', '篮球场上的风', '午夜狂欢', '阿根廷之夜', '天台看球',
  '橙子汽水', '北京爷们儿', '广州塔下', '上海滩球迷', '峡谷之巅', '不败的青春', '红黑信仰', '斑马军团',
  '小鱼干', '咖啡加冰',
];

export const userSignatures = [
  '', '为热爱的球队呐喊', '周末就是用来看球的', '理性看球，快乐生活', '不看比赛会死星人', '', '永不独行',
  '篮球是我的第二语言', '熬夜看球冠军', '', '数据不会说谎', '上班摸鱼，下班看球',
];

export const expertDefs: Array<{ nickname: string; sport: 'football' | 'basketball'; title: string; intro: string; tags: string[] }> = [
  {
    nickname: '老周看球',
    sport: 'football',
    title: '资深足球分析师',
    intro: '从业十二年，专注五大联赛与欧冠，擅长亚盘与大小球分析。坚持用数据说话，不追热门。',
    tags: ['五大联赛', '亚盘', '大小球'],
  },
  {
    nickname: '冷静分析师',
    sport: 'football',
    title: '英超专项分析师',
    intro: '长期跟踪英超各队阵容与伤停，赛前必看首发，擅长捕捉冷门。',
    tags: ['英超', '冷门', '伤停分析'],
  },
  {
    nickname: '数据帝阿强',
    sport: 'football',
    title: '足球数据模型师',
    intro: '基于预期进球（xG）模型推荐，长期胜率稳定，适合稳健型读者。',
    tags: ['xG模型', '稳健', '中超'],
  },
  {
    nickname: '欧赔猎人',
    sport: 'football',
    title: '欧赔变化研究者',
    intro: '十年欧赔研究，关注初盘与即时盘的变化，擅长胜平负。',
    tags: ['欧赔', '胜平负', '意甲'],
  },
  {
    nickname: '篮球数据师',
    sport: 'basketball',
    title: 'NBA 数据分析师',
    intro: '专注 NBA 与 CBA，看重节奏、背靠背与轮换深度，擅长让分与总分。',
    tags: ['NBA', '让分', '总分'],
  },
];

export const countryCodes: Array<[code: string, name: string, name_en: string]> = [
  ['86', '中国大陆', 'Mainland China'],
  ['852', '中国香港', 'Hong Kong, China'],
  ['853', '中国澳门', 'Macau, China'],
  ['886', '中国台湾', 'Taiwan, China'],
  ['84', '越南', 'Vietnam'],
  ['1', '美国/加拿大', 'United States / Canada'],
  ['44', '英国', 'United Kingdom'],
  ['65', '新加坡', 'Singapore'],
  ['60', '马来西亚', 'Malaysia'],
  ['66', '泰国', 'Thailand'],
  ['81', '日本', 'Japan'],
  ['82', '韩国', 'South Korea'],
  ['63', '菲律宾', 'Philippines'],
  ['62', '印度尼西亚', 'Indonesia'],
  ['61', '澳大利亚', 'Australia'],
  ['855', '柬埔寨', 'Cambodia'],
];

export const gifts: Array<{ kind: string; name: string; name_en: string; price: number; effect: 'none' | 'small' | 'big' | 'fullscreen' }> = [
  { kind: 'glowstick', name: '荧光棒', name_en: 'Glow Stick', price: 0.1, effect: 'none' },
  { kind: 'thumbs', name: '点赞', name_en: 'Thumbs Up', price: 1, effect: 'none' },
  { kind: 'cola', name: '快乐水', name_en: 'Cola', price: 2, effect: 'none' },
  { kind: 'rose', name: '玫瑰', name_en: 'Rose', price: 5, effect: 'none' },
  { kind: 'football', name: '足球', name_en: 'Football', price: 10, effect: 'small' },
  { kind: 'whistle', name: '裁判哨', name_en: 'Whistle', price: 20, effect: 'small' },
  { kind: 'beer', name: '庆功啤酒', name_en: 'Beer', price: 52, effect: 'small' },
  { kind: 'goldenball', name: '金球', name_en: 'Golden Ball', price: 99, effect: 'big' },
  { kind: 'trophy', name: '冠军奖杯', name_en: 'Trophy', price: 188, effect: 'big' },
  { kind: 'car', name: '超级跑车', name_en: 'Supercar', price: 520, effect: 'big' },
  { kind: 'yacht', name: '豪华游艇', name_en: 'Yacht', price: 1314, effect: 'fullscreen' },
  { kind: 'rocket', name: '火箭', name_en: 'Rocket', price: 2888, effect: 'fullscreen' },
  { kind: 'castle', name: '梦幻城堡', name_en: 'Dream Castle', price: 5000, effect: 'fullscreen' },
];

export const chargeRules: Array<[price: number, diamonds: number, bonus: number]> = [
  [6, 6, 0],
  [30, 30, 1],
  [98, 98, 5],
  [298, 298, 18],
  [588, 588, 40],
  [1888, 1888, 150],
];

export const barrageStyles: Array<[name: string, name_en: string, color: string, price: number, minNoble: number]> = [
  ['经典白', 'Classic White', '#ffffff', 0, 0],
  ['热情红', 'Passion Red', '#ff4d4f', 1, 0],
  ['活力橙', 'Vivid Orange', '#fa8c16', 1, 0],
  ['冠军金', 'Champion Gold', '#fadb14', 2, 0],
  ['草坪绿', 'Pitch Green', '#52c41a', 2, 0],
  ['天空蓝', 'Sky Blue', '#1890ff', 2, 0],
  ['贵族紫', 'Noble Purple', '#9254de', 5, 1],
  ['樱花粉', 'Sakura Pink', '#eb2f96', 5, 3],
];

export const nobilityTiers: Array<[name: string, name_en: string, price: number, renew: number]> = [
  ['骑士', 'Knight', 30, 24],
  ['子爵', 'Viscount', 100, 80],
  ['伯爵', 'Earl', 300, 240],
  ['侯爵', 'Marquis', 800, 640],
  ['公爵', 'Duke', 2000, 1600],
  ['国王', 'King', 5000, 4000],
  ['皇帝', 'Emperor', 15000, 12000],
];

export const nobilityPrivileges = [
  ['专属贵族勋章', '进场特效'],
  ['专属贵族勋章', '进场特效', '贵族紫弹幕'],
  ['专属贵族勋章', '进场特效', '贵族紫弹幕', '防踢出'],
  ['专属贵族勋章', '豪华进场特效', '彩色弹幕', '防踢出', '防禁言'],
  ['专属贵族勋章', '豪华进场特效', '彩色弹幕', '防踢出', '防禁言', '专属客服'],
  ['专属贵族勋章', '全站进场广播', '彩色弹幕', '防踢出', '防禁言', '专属客服', '隐身进场'],
  ['专属贵族勋章', '全站进场广播', '彩色弹幕', '防踢出', '防禁言', '专属客服', '隐身进场', '全站喇叭特权'],
];

export const guardTiers: Array<[name: string, name_en: string, price: number, renew: number, privileges: string[]]> = [
  ['白银守护', 'Silver Guard', 188, 168, ['守护勋章', '专属弹幕颜色']],
  ['黄金守护', 'Gold Guard', 588, 528, ['守护勋章', '专属弹幕颜色', '进场特效']],
  ['钻石守护', 'Diamond Guard', 1888, 1688, ['守护勋章', '专属弹幕颜色', '豪华进场特效', '房间置顶']],
];

export const taskDefs: Array<{ code: string; task: string; task_en: string; description: string; img: string; target: number; lz_num: number }> = [
  { code: 'watch_room', task: '观看直播5分钟', task_en: 'Watch a live room for 5 minutes', description: '在任意直播间累计观看5分钟', img: '/media/icons/task-watch.svg', target: 5, lz_num: 10 },
  { code: 'send_barrage', task: '发送一条弹幕', task_en: 'Send a barrage message', description: '在任意直播间发送一条弹幕', img: '/media/icons/task-barrage.svg', target: 1, lz_num: 5 },
  { code: 'follow_anchor', task: '关注一位主播', task_en: 'Follow an anchor', description: '关注一位你喜欢的主播', img: '/media/icons/task-follow.svg', target: 1, lz_num: 5 },
  { code: 'share', task: '分享直播间', task_en: 'Share a live room', description: '把精彩的直播间分享给好友', img: '/media/icons/task-share.svg', target: 1, lz_num: 10 },
  { code: 'send_gift', task: '赠送一次礼物', task_en: 'Send a gift', description: '为主播赠送任意礼物一次', img: '/media/icons/task-gift.svg', target: 1, lz_num: 20 },
];

export const signInRewards = [5, 5, 10, 10, 15, 20, 30];

export const goodsDefs: Array<{ name: string; name_en: string; image: string; description: string; kind: 'virtual' | 'physical' | 'gift'; price_coins: number; stock: number | null; gift?: string; gift_quantity?: number }> = [
  { name: '玫瑰×5', name_en: '5 Roses', image: '/media/gifts/rose.svg', description: '兑换后放入背包，可免费赠送给主播', kind: 'gift', price_coins: 50, stock: null, gift: 'rose', gift_quantity: 5 },
  { name: '足球×3', name_en: '3 Footballs', image: '/media/gifts/football.svg', description: '兑换后放入背包，可免费赠送给主播', kind: 'gift', price_coins: 60, stock: null, gift: 'football', gift_quantity: 3 },
  { name: '金球×1', name_en: 'Golden Ball', image: '/media/gifts/goldenball.svg', description: '兑换后放入背包，可免费赠送给主播', kind: 'gift', price_coins: 300, stock: null, gift: 'goldenball', gift_quantity: 1 },
  { name: '彩色弹幕卡（7天）', name_en: 'Colour Barrage Card (7 days)', image: '/media/icons/goods-card.svg', description: '7天内可免费使用全部彩色弹幕', kind: 'virtual', price_coins: 200, stock: null },
  { name: '冠军头像框（30天）', name_en: 'Champion Avatar Frame (30 days)', image: '/media/icons/goods-frame.svg', description: '在评论与直播间展示专属头像框', kind: 'virtual', price_coins: 500, stock: null },
  { name: '骑士贵族体验卡（3天）', name_en: 'Knight Nobility Trial (3 days)', image: '/media/icons/goods-vip.svg', description: '体验3天骑士贵族特权', kind: 'virtual', price_coins: 800, stock: 200 },
  { name: '10元话费', name_en: '10 CNY Phone Credit', image: '/media/icons/goods-phone.svg', description: '兑换后1-3个工作日内充值到绑定手机号', kind: 'virtual', price_coins: 1200, stock: 500 },
  { name: '定制运动水杯', name_en: 'Pitchside Sports Bottle', image: '/media/icons/goods-bottle.svg', description: 'Pitchside 定制运动水杯，容量600ml', kind: 'physical', price_coins: 2000, stock: 120 },
  { name: '官方比赛用球', name_en: 'Official Match Ball', image: '/media/icons/goods-ball.svg', description: '5号标准比赛用球，随机颜色', kind: 'physical', price_coins: 6000, stock: 40 },
  { name: '定制球衣', name_en: 'Custom Jersey', image: '/media/icons/goods-jersey.svg', description: '可印制姓名与号码的定制球衣', kind: 'physical', price_coins: 12000, stock: 20 },
];

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

export const circleDefs: Array<{ name: string; name_en: string; icon: string; sport: Sport | null; description: string }> = [
  { name: '足球圈', name_en: 'Football', icon: '/media/icons/circle-football.svg', sport: 'football', description: '聊五大联赛、欧冠与国家队，球迷的大本营。' },
  { name: '英超球迷会', name_en: 'Premier League Fans', icon: '/media/leagues/football-EPL.svg', sport: 'football', description: '英超死忠聚集地，每轮比赛赛后热议。' },
  { name: 'NBA圈', name_en: 'NBA', icon: '/media/icons/circle-basketball.svg', sport: 'basketball', description: '从常规赛到总决赛，一起聊NBA。' },
  { name: 'CBA圈', name_en: 'CBA', icon: '/media/leagues/basketball-CBA.svg', sport: 'basketball', description: '关注中国篮球，支持主队。' },
  { name: '电竞圈', name_en: 'Esports', icon: '/media/icons/circle-esports.svg', sport: 'esports', description: 'LPL、DOTA2、CS2，电竞爱好者集合。' },
  { name: '赛事分析', name_en: 'Match Analysis', icon: '/media/icons/circle-analysis.svg', sport: null, description: '赛前分析、数据讨论，理性交流。' },
];

export const circlePosts: Record<string, string[]> = {
  足球圈: [
    '今晚的比赛太精彩了，下半场的逆转真的没想到！',
    '有没有人觉得现在的比赛节奏越来越快了？高位逼抢已经是标配。',
    '周末约了朋友去酒吧看球，气氛拉满。',
    '这赛季最佳新援，你们心里是谁？我先投一票给中场那位。',
    '门将今天至少扑出三个必进球，值得一个全场最佳。',
    '裁判这个点球判罚，大家怎么看？回放看确实有接触。',
    '终于等到国家队比赛日结束，联赛回归！',
  ],
  英超球迷会: [
    '英超积分榜前四的争夺太激烈了，每一轮都是决赛。',
    '主场氛围真的不一样，现场听到全场合唱永不独行，鸡皮疙瘩都起来了。',
    '这个赛季的保级大战也很好看，三个升班马都不容易。',
    '阿森纳的定位球战术研究得太透了，角球就是半个点球。',
    '曼城的控球还是那么恐怖，对手全场几乎摸不到球。',
    '圣诞赛程要来了，一周三赛，考验阵容厚度。',
    '你们觉得今年的英超金靴会是谁？',
  ],
  NBA圈: [
    '今天这场加时赛看得我心脏受不了，最后的压哨三分太绝了！',
    '雷霆的年轻人打得太有冲劲了，防守强度拉满。',
    '西部排名太胶着了，第四到第十只差三个胜场。',
    '背靠背客场，主力轮休也能理解，球迷买票就有点亏。',
    '这赛季三分出手数又创新高了，篮球越来越像投篮比赛。',
    '新秀里你们最看好谁？我觉得那个后卫的组织能力很成熟。',
    '湖人今天的防守终于像样了。',
  ],
  CBA圈: [
    '辽宁今晚的外线手感火热，半场就打出了气势。',
    'CBA现场看球真的很过瘾，推荐大家有机会去现场。',
    '广东的年轻球员成长很快，轮换越来越深了。',
    '裁判尺度今天有点紧，两边都吃了不少犯规。',
    '新疆的内线优势太明显了，篮板球完全压制。',
    '这赛季的外援质量整体提升了不少。',
  ],
  电竞圈: [
    'BLG今天这波团战太秀了，大龙团一换五直接推掉高地。',
    'LPL今年的版本更新之后，打野节奏完全变了。',
    'CS2的新地图池大家适应了吗？感觉战术又要重新研究。',
    'DOTA2国际邀请赛要来了，今年看好哪支队伍？',
    '看比赛学到的视野布置，今天天梯用上了，赢了！',
    '这个BP我是没看懂，三手开团英雄全被ban了。',
    '电竞解说的嗓子是真的好，喊了三个小时还这么有激情。',
  ],
  赛事分析: [
    '整理了一下本周五大联赛的伤停名单，主力缺阵最多的是这几队，大家可以参考。',
    '从预期进球看，这支球队的进攻效率其实被高估了，近五场xG只有1.1。',
    '主客场差异很大的球队，盘口往往会给出错误的信号。',
    '分享一个小经验：关注初盘到即时盘的变化，比只看结果更有用。',
    '这轮有三场强弱对话，但冷门往往就在最不被注意的比赛里。',
    '篮球总分线的判断，节奏和背靠背比个人数据更重要。',
    '理性看待推荐，控制投入，享受比赛本身。',
  ],
};

export const circleComments = [
  '说得太对了！', '同意楼主的看法', '我觉得不一定，还得看下一场', '哈哈哈哈笑死我了', '这个分析很到位，收藏了',
  '昨晚熬夜看完了，值！', '支持一下', '楼主是懂球的', '下一场继续看好', '裁判确实有问题', '太精彩了',
  '求楼主多发点这类分析', '主队加油！', '这球我在现场！', '感谢分享', '有道理，学到了', '看来要重新评估了',
  '我赌一包辣条，下场还是赢', '这届球迷太难了', '期待下一轮',
];

export const videoCategoryDefs: Array<{ name: string; name_en: string; icon: string; motif: 'football' | 'basketball' | 'esports' | 'video' | 'news'; recommended: boolean }> = [
  { name: '足球集锦', name_en: 'Football Highlights', icon: '/media/icons/cat-football.svg', motif: 'football', recommended: true },
  { name: '篮球集锦', name_en: 'Basketball Highlights', icon: '/media/icons/cat-basketball.svg', motif: 'basketball', recommended: true },
  { name: '电竞高光', name_en: 'Esports Highlights', icon: '/media/icons/cat-esports.svg', motif: 'esports', recommended: true },
  { name: '进球瞬间', name_en: 'Goals', icon: '/media/icons/cat-goal.svg', motif: 'football', recommended: true },
  { name: '主播精彩', name_en: 'Anchor Moments', icon: '/media/icons/cat-anchor.svg', motif: 'video', recommended: false },
  { name: '赛事分析', name_en: 'Analysis', icon: '/media/icons/cat-analysis.svg', motif: 'news', recommended: false },
  { name: '搞笑时刻', name_en: 'Funny Moments', icon: '/media/icons/cat-funny.svg', motif: 'video', recommended: false },
  { name: '体育资讯', name_en: 'Sports News', icon: '/media/icons/cat-news.svg', motif: 'news', recommended: false },
];

export const videoTitleTemplates: Record<string, string[]> = {
  足球集锦: ['{home} vs {away} 全场集锦', '【{league}】{home}主场力克{away} 精彩回顾', '{home}对阵{away}：90分钟浓缩版'],
  篮球集锦: ['{home} vs {away} 全场精华', '【{league}】{home}末节逆转{away}', '{home}对{away}：关键回合全回顾'],
  电竞高光: ['{home} vs {away} 团战高光', '【{league}】{home}一波翻盘 {away}', '{home}对阵{away}：名场面合集'],
  进球瞬间: ['本周{league}十佳进球', '{home}世界波破门！', '{league}最美任意球 TOP5'],
  主播精彩: ['解说名场面：进球时刻的呐喊', '主播现场连线球迷，太有意思了', '直播间名场面合集'],
  赛事分析: ['{league}第{round}轮战术复盘', '数据告诉你：{home}为什么能赢', '{home}的高位逼抢是怎么做到的'],
  搞笑时刻: ['球场上的搞笑瞬间合集', '球员庆祝动作大赏', '这些乌龙球你都见过吗'],
  体育资讯: ['一分钟看懂本周{league}', '转会快讯：本周重要动态', '{league}积分榜最新形势'],
};

export const videoComments = [
  '这个进球太漂亮了！', '看了好几遍', '解说太燃了', '这操作我服', '集锦剪得很好', '求背景音乐', 'up主辛苦了',
  '每周都等这个', '哈哈哈哈哈', '名场面预定', '这防守是真的离谱', '太帅了', '这一下我直接站起来了', '再来一遍！',
];

export const headlineCategories: Array<[name: string, name_en: string]> = [
  ['头条', 'Top Stories'],
  ['足球', 'Football'],
  ['篮球', 'Basketball'],
  ['电竞', 'Esports'],
  ['转会', 'Transfers'],
  ['深度', 'Features'],
];

/** Hand-written features; match reports and previews are composed from the day's fixtures. */
export const featureHeadlines: Array<{ category: string; sport: Sport | null; title: string; summary: string; paragraphs: string[] }> = [
  {
    category: '深度',
    sport: 'football',
    title: '高位逼抢的代价：为什么强队越来越怕冬季赛程',
    summary: '密集赛程下，高强度逼抢带来的体能消耗正在改变各队的轮换策略。',
    paragraphs: [
      '进入冬季，五大联赛普遍迎来一周双赛甚至三赛的密集期。对于以高位逼抢为核心战术的球队来说，这是一年中最难熬的阶段。',
      '数据显示，逼抢强度排名前五的球队，在12月至1月的跑动距离平均下降约6%，失球数则比赛季前段上升近三成。教练组不得不在战术与体能之间寻找平衡。',
      '更深的阵容是唯一的答案。那些在夏窗补强了中场轮换的球队，冬季的积分效率明显更高。',
      '对于球迷而言，这也意味着冬季赛程更容易出现冷门——这正是足球的魅力所在。',
    ],
  },
  {
    category: '深度',
    sport: 'basketball',
    title: '三分时代的内线：大个子如何重新找到位置',
    summary: '当外线出手占比不断刷新纪录，传统中锋正在用新的方式证明自己。',
    paragraphs: [
      '本赛季联盟场均三分出手再创新高，空间型打法几乎成为所有球队的标准配置。',
      '但内线球员并没有消失。能够策应、能够护框、能够在挡拆中顺下的大个子，反而成为各队争抢的稀缺资源。',
      '从数据看，拥有一名高效策应中锋的球队，进攻效率平均高出联盟均值2.3分。',
      '篮球在变化，但篮下的那片区域，依然决定着比赛的走向。',
    ],
  },
  {
    category: '电竞',
    sport: 'esports',
    title: '版本更新后的第一周：LPL打野节奏全面提速',
    summary: '新版本野怪刷新时间调整，前期入侵与反蹲成为比赛的关键。',
    paragraphs: [
      '新版本上线后，LPL首周比赛的平均一血时间提前了近一分钟，打野位的节奏明显加快。',
      '多支队伍选择前期三级入侵，以资源压制换取中期的视野控制。这也让比赛的前十五分钟比以往更加激烈。',
      '分析师认为，这一趋势还会持续到季后赛，能否适应新节奏将直接影响各队的最终排名。',
    ],
  },
  {
    category: '转会',
    sport: 'football',
    title: '冬窗前瞻：各队最需要补强的位置',
    summary: '距离冬季转会窗口开启还有一个月，各队的需求已经逐渐清晰。',
    paragraphs: [
      '冬季转会窗口通常不是大手笔的时机，但对于争冠与保级球队而言，一名合适的球员可能改变整个赛季。',
      '从伤病情况看，多支争冠球队的中卫位置已经亮起红灯，而保级球队则更需要能够稳定进球的前锋。',
      '租借仍将是冬窗的主流方式，年轻球员的出场时间与俱乐部的即时需求往往能够找到交汇点。',
    ],
  },
  {
    category: '足球',
    sport: 'football',
    title: '中超收官在即：争冠与保级悬念仍存',
    summary: '联赛进入最后阶段，积分榜两端的竞争仍然激烈。',
    paragraphs: [
      '本赛季中超联赛即将收官，积分榜前两名的差距依然只有一个胜场。',
      '保级区同样竞争激烈，三支球队的积分差在三分之内，最后几轮的直接对话将决定命运。',
      '无论结果如何，本赛季中超的上座率与转播数据都创下了近年新高，这对中国足球来说是积极的信号。',
    ],
  },
  {
    category: '篮球',
    sport: 'basketball',
    title: 'CBA第二阶段展望：外援调整将成关键',
    summary: '多支球队在休赛期完成外援调整，第二阶段竞争格局或将改变。',
    paragraphs: [
      'CBA常规赛第一阶段结束，积分榜前八的格局基本形成，但差距并不大。',
      '利用窗口期，多支球队完成了外援的更换或补充。新外援的融入速度，将直接影响各队第二阶段的成绩。',
      '年轻本土球员的成长同样值得关注，多名二年级球员的场均得分已经达到两位数。',
    ],
  },
];

export interface PortalPostDef {
  type: 1 | 2 | 3 | 4 | 5 | 6;
  zh: { title: string; paragraphs: string[] };
  en: { title: string; paragraphs: string[] };
}

export const portalPosts: PortalPostDef[] = [
  {
    type: 1,
    zh: {
      title: '用户协议',
      paragraphs: [
        '欢迎使用 Pitchside（以下简称“本平台”）。在注册或使用本平台服务之前，请您仔细阅读并充分理解本协议的全部内容。您注册、登录或使用本平台，即表示您已同意本协议。',
        '一、账号注册与使用。您应使用本人手机号注册账号，并对账号下的全部行为负责。请妥善保管密码与支付密码，不得将账号出借、转让或出售给他人。如发现账号被盗用，请立即联系客服。',
        '二、用户行为规范。您在使用直播、弹幕、评论、圈子、私信等功能时，不得发布违反法律法规、侵害他人合法权益、含有色情暴力、赌博、广告引流或人身攻击的内容。本平台有权对违规内容进行删除，并视情节对账号采取禁言、封禁等措施。',
        '三、虚拟物品。黄钻、金币、礼物、贵族与守护等均为本平台提供的虚拟服务，仅限在本平台内使用，不具有现实货币价值，不可兑换为法定货币（主播收益按照相关规则提现的除外）。',
        '四、知识产权。本平台提供的页面设计、标识、文字、图片、视频等内容的知识产权归本平台或相关权利人所有。未经许可，您不得复制、转载或用于商业用途。',
        '五、免责声明。比分、赔率与专家方案等数据仅供参考，不构成任何投注建议。因不可抗力、系统维护或第三方原因导致的服务中断，本平台将尽力恢复，但不承担由此产生的间接损失。',
        '六、协议的修改。本平台可能根据业务调整修改本协议，修改后的协议将在平台公布。若您继续使用本平台，即视为接受修改后的协议。',
      ],
    },
    en: {
      title: 'User Agreement',
      paragraphs: [
        'Welcome to Pitchside (the "Platform"). Please read this agreement carefully before you register for or use the Platform. By registering, logging in or using the Platform you agree to it.',
        '1. Your account. Register with your own mobile number and take responsibility for everything done with your account. Keep your password and payment password safe, and do not lend, transfer or sell your account. Contact customer service at once if your account is misused.',
        '2. Conduct. In live rooms, barrage, comments, circles and private messages you may not post anything unlawful, infringing, pornographic, violent, gambling-related, advertising or abusive. We may remove such content and mute or suspend accounts that post it.',
        '3. Virtual items. Yellow diamonds, coins, gifts, nobility and guard are virtual services usable only on the Platform. They have no cash value and cannot be exchanged for money, except anchors\' income withdrawn under the withdrawal rules.',
        '4. Intellectual property. The design, marks, texts, images and videos of the Platform belong to us or to their owners. Do not copy, republish or use them commercially without permission.',
        '5. Disclaimer. Scores, odds and expert plans are for reference only and are not betting advice. We will restore service as quickly as we can after outages, but are not liable for indirect losses caused by force majeure, maintenance or third parties.',
        '6. Changes. We may change this agreement; the new version is published on the Platform. Continuing to use the Platform means you accept it.',
      ],
    },
  },
  {
    type: 2,
    zh: {
      title: '隐私政策',
      paragraphs: [
        '本平台非常重视您的个人信息保护。本政策说明我们如何收集、使用、存储和保护您的信息，以及您享有的权利。',
        '一、我们收集的信息。注册时我们收集您的手机号；使用过程中我们会记录您的昵称、头像、关注、观看与互动记录、充值与提现记录；申请主播或专家时，我们会收集您的真实姓名、身份证号与联系方式，仅用于资质审核。',
        '二、信息的使用。我们使用上述信息为您提供登录、直播互动、消息通知、钱包与安全保护等服务，并用于改进产品体验。我们不会将您的个人信息出售给任何第三方。',
        '三、信息的存储与保护。您的密码与支付密码经过不可逆加密存储，登录凭证同样以摘要形式保存。我们采取访问控制、加密传输等措施防止信息泄露。',
        '四、您的权利。您可以在个人中心查看和修改个人资料，也可以联系客服申请注销账号。注销后，我们将依法删除或匿名化处理您的个人信息。',
        '五、未成年人保护。未满十八周岁的用户应在监护人同意与指导下使用本平台，未成年人不得进行充值与打赏。',
      ],
    },
    en: {
      title: 'Privacy Policy',
      paragraphs: [
        'We take the protection of your personal information seriously. This policy explains what we collect, how we use, store and protect it, and your rights.',
        '1. What we collect. Your mobile number when you register; your nickname, avatar, follows, viewing and interaction history, top-ups and withdrawals while you use the Platform; and, when you apply to be an anchor or expert, your real name, ID number and contact details, used only for the review.',
        '2. How we use it. To provide login, live interaction, notifications, wallets and account security, and to improve the product. We never sell your personal information.',
        '3. Storage and protection. Passwords and payment passwords are stored with one-way hashing, and login tokens only as digests. Access control and encrypted transport protect your data.',
        '4. Your rights. You can view and edit your profile in the personal centre, and ask customer service to close your account, after which your personal information is deleted or anonymised as the law requires.',
        '5. Minors. Users under 18 should use the Platform with a guardian\'s consent and guidance, and may not top up or send gifts.',
      ],
    },
  },
  {
    type: 3,
    zh: {
      title: '主播直播协议',
      paragraphs: [
        '本协议适用于在本平台申请并开通直播权限的主播。提交主播申请即表示您已阅读并同意本协议。',
        '一、资质要求。主播须年满十八周岁，提交真实有效的身份信息，并保证所提交资料真实、准确、完整。',
        '二、直播内容规范。直播内容应与体育赛事、电竞赛事相关，不得直播未经授权的赛事信号，不得引导观众参与任何形式的赌博，不得发布低俗、暴力或违法内容。直播公告不超过50个字符。',
        '三、收益与结算。观众赠送的礼物按平台规则折算为主播收益，计入收益钱包。主播可绑定本人银行卡或支付账户申请提现，提现需经平台审核。',
        '四、房管与秩序。主播可任命不超过200名房管，协助维护直播间秩序。主播与房管应公正使用禁言、踢出等管理功能。',
        '五、违约处理。违反本协议的，平台有权视情节给予警告、暂停直播、扣除收益直至取消主播资格。',
      ],
    },
    en: {
      title: 'Live Streaming Protocol',
      paragraphs: [
        'This protocol applies to anchors who apply for and receive live-streaming rights on the Platform. Applying means you have read and agree to it.',
        '1. Eligibility. Anchors must be 18 or older and submit true, accurate and complete identity information.',
        '2. Content. Streams should be about sports and esports events. Do not broadcast unlicensed event feeds, encourage any form of gambling, or show vulgar, violent or unlawful content. Room announcements are limited to 50 characters.',
        '3. Income and settlement. Gifts from viewers become anchor income under the Platform\'s rules and are credited to the income wallet. Anchors may withdraw to their own bank card or payment account after review.',
        '4. Room managers. An anchor may appoint up to 200 room managers to keep order, and anchors and managers should use mute and kick-out fairly.',
        '5. Breaches. We may warn, suspend streaming, withhold income or revoke anchor status depending on the breach.',
      ],
    },
  },
  {
    type: 4,
    zh: {
      title: '充值协议',
      paragraphs: [
        '黄钻是本平台的虚拟货币，可用于赠送礼物、开通贵族与守护、发送彩色弹幕和解锁专家方案。',
        '一、充值比例。1元人民币可兑换1黄钻，部分充值套餐另有赠送，以充值页面展示为准。',
        '二、到账与异常。支付成功后黄钻通常即时到账。如遇支付成功但未到账，请保留支付凭证并联系客服，我们将在核实后补发。同一笔支付只会入账一次。',
        '三、使用规则。黄钻一经充值不可退还，不可转让，不可提现。消费黄钻将同时获得等额的财富经验（1黄钻=1财富值，最小单位0.1）。',
        '四、收益转换。主播收益转换为消费钱包黄钻的操作不可撤销，转换后不可再提现，请在确认后操作。',
        '五、未成年人。未成年人请勿充值。监护人发现未成年人充值的，可联系客服处理。',
      ],
    },
    en: {
      title: 'Recharge Agreement',
      paragraphs: [
        'Yellow diamonds are the Platform\'s virtual currency, used for gifts, nobility and guard, coloured barrage and expert plans.',
        '1. Rate. 1 CNY buys 1 yellow diamond; some packages add a bonus, as shown on the recharge page.',
        '2. Crediting. Diamonds are usually credited as soon as the payment succeeds. If a successful payment is not credited, keep the receipt and contact customer service. A payment is only ever credited once.',
        '3. Use. Diamonds cannot be refunded, transferred or withdrawn. Spending diamonds earns the same amount of wealth experience (1 diamond = 1 point, in steps of 0.1).',
        '4. Conversion. Converting anchor income into consumer diamonds cannot be undone, and converted diamonds cannot be withdrawn. Confirm before converting.',
        '5. Minors. Minors should not top up. Guardians may contact customer service about a minor\'s top-up.',
      ],
    },
  },
  {
    type: 5,
    zh: {
      title: '关于我们',
      paragraphs: [
        'Pitchside 是一个面向球迷的体育直播与比分平台，提供足球、篮球、电竞赛事的实时比分、赛程数据、指数变化与主播解说直播。',
        '在这里，你可以跟随喜爱的主播一起看球，用弹幕和礼物为比赛加油；可以在圈子里与同好交流，在资讯频道了解最新动态；也可以阅读专家的赛前分析，形成自己的判断。',
        '我们相信，看球从来不只是看比分。Pitchside 希望让每一场比赛都有人陪你一起看。',
      ],
    },
    en: {
      title: 'About Us',
      paragraphs: [
        'Pitchside is a sports live-streaming and live-score site for fans: real-time scores, fixtures, data and odds movements for football, basketball and esports, and live commentary by anchors.',
        'Watch with your favourite anchors and cheer with barrage and gifts; talk with other fans in circles; catch up in the news channel; read experts\' previews and make up your own mind.',
        'Watching a match was never only about the score. Pitchside wants every match to come with company.',
      ],
    },
  },
  {
    type: 6,
    zh: {
      title: '联系我们',
      paragraphs: [
        '客服时间：每天 09:00–24:00。',
        '客服QQ：800012345；客服邮箱：service@pitchside.example。',
        '主播入驻与商务合作：anchor@pitchside.example。',
        '意见反馈：欢迎在个人中心提交反馈，或加入官方反馈QQ群，我们会认真阅读每一条建议。',
      ],
    },
    en: {
      title: 'Contact Us',
      paragraphs: [
        'Customer service hours: 09:00–24:00 every day (China Standard Time).',
        'Customer service QQ: 800012345; email: service@pitchside.example.',
        'Becoming an anchor and business enquiries: anchor@pitchside.example.',
        'Feedback: send it from the personal centre or join the official feedback QQ group. We read every suggestion.',
      ],
    },
  },
];

export const chatLines = {
  viewerToAnchor: ['主播今晚几点开播？', '刚才那个进球解说太燃了！', '下场比赛你看好谁？'],
  anchorToViewer: ['八点准时开播，记得来哦～', '哈哈谢谢支持！', '我看好主队，主场优势太明显了。'],
  fanGroup: ['今晚谁来看球？', '主播开播啦，冲！', '这场必须赢！', '粉丝群的兄弟们晚上好', '红包手气不错哈哈', '明天的比赛也一起看'],
};
