// Catalogue of the demo world, read only by the seed (server/seed): made-up users' nicknames and
// signatures, and the country calling codes of the login form.

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
