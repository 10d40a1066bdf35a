// Catalogue of the demo world, read only by the seed (server/seed): the demo circles, their posts
// and comments.

import type { Sport } from '../../db/tables/column-types.ts';

export const circleDefs: Array<{
  name: string;
  name_en: string;
  name_vi: string;
  icon: string;
  sport: Sport | null;
  description: string;
  description_en: string;
  description_vi: string;
}> = [
  {
    name: '足球圈',
    name_en: 'Football',
    name_vi: 'Bóng đá',
    icon: '/media/icons/circle-football.svg',
    sport: 'football',
    description: '聊五大联赛、欧冠与国家队，球迷的大本营。',
    description_en: "Talk about the top five leagues, the Champions League and national teams: the fans' home base.",
    description_vi: 'Bàn về năm giải hàng đầu, Champions League và các đội tuyển: ngôi nhà của người hâm mộ.',
  },
  {
    name: '英超球迷会',
    name_en: 'Premier League Fans',
    name_vi: 'Fan Premier League',
    icon: '/media/leagues/football-EPL.svg',
    sport: 'football',
    description: '英超死忠聚集地，每轮比赛赛后热议。',
    description_en: 'Where Premier League diehards gather to talk over every round.',
    description_vi: 'Nơi các fan cứng Premier League bàn luận sau mỗi vòng đấu.',
  },
  {
    name: 'NBA圈',
    name_en: 'NBA',
    name_vi: 'NBA',
    icon: '/media/icons/circle-basketball.svg',
    sport: 'basketball',
    description: '从常规赛到总决赛，一起聊NBA。',
    description_en: 'From the regular season to the Finals, talk NBA together.',
    description_vi: 'Từ mùa giải thường đến chung kết, cùng bàn về NBA.',
  },
  {
    name: 'CBA圈',
    name_en: 'CBA',
    name_vi: 'CBA',
    icon: '/media/leagues/basketball-CBA.svg',
    sport: 'basketball',
    description: '关注中国篮球，支持主队。',
    description_en: 'Follow Chinese basketball and back your team.',
    description_vi: 'Theo dõi bóng rổ Trung Quốc và cổ vũ đội nhà.',
  },
  {
    name: '电竞圈',
    name_en: 'Esports',
    name_vi: 'Thể thao điện tử',
    icon: '/media/icons/circle-esports.svg',
    sport: 'esports',
    description: 'LPL、DOTA2、CS2，电竞爱好者集合。',
    description_en: 'LPL, DOTA2, CS2: a meeting place for esports fans.',
    description_vi: 'LPL, DOTA2, CS2: nơi hội tụ người mê thể thao điện tử.',
  },
  {
    name: '赛事分析',
    name_en: 'Match Analysis',
    name_vi: 'Phân tích trận đấu',
    icon: '/media/icons/circle-analysis.svg',
    sport: null,
    description: '赛前分析、数据讨论，理性交流。',
    description_en: 'Previews and data talk: reasoned discussion only.',
    description_vi: 'Nhận định trước trận và bàn về số liệu: thảo luận có lý lẽ.',
  },
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
