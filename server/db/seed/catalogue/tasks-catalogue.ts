// Catalogue of the demo world, read only by the seed (server/db/seed): daily tasks, the sign-in
// rewards of a week, and the goods of the coin mall.

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
