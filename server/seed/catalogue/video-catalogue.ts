// Catalogue of the demo world, read only by the seed (server/seed): video categories and the texts
// demo videos are titled and commented with.

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
