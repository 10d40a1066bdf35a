// Catalogue of the demo world, read only by the seed (server/seed): the demo anchors: nickname, the
// sport of their room, signature.

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
