// Catalogue of the demo world, read only by the seed (server/seed): the demo expert tipsters.

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
