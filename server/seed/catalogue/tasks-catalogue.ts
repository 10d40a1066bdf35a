// Catalogue of the demo world, read only by the seed (server/seed): daily tasks, the sign-in
// rewards of a week, and the goods of the coin mall.

export const taskDefs: Array<{ code: string; task: string; task_en: string; task_vi: string; description: string; description_en: string; description_vi: string; img: string; target: number; lz_num: number }> = [
  { code: 'watch_room', task: '观看直播5分钟', task_en: 'Watch a live room for 5 minutes', task_vi: 'Xem live 5 phút', description: '在任意直播间累计观看5分钟', description_en: 'Watch any live room for 5 minutes in all', description_vi: 'Xem bất kỳ phòng live nào tổng cộng 5 phút', img: '/media/icons/task-watch.svg', target: 5, lz_num: 10 },
  { code: 'send_barrage', task: '发送一条弹幕', task_en: 'Send a barrage message', task_vi: 'Gửi một bình luận bay', description: '在任意直播间发送一条弹幕', description_en: 'Send a barrage message in any live room', description_vi: 'Gửi một bình luận bay trong bất kỳ phòng live nào', img: '/media/icons/task-barrage.svg', target: 1, lz_num: 5 },
  { code: 'follow_anchor', task: '关注一位主播', task_en: 'Follow an anchor', task_vi: 'Theo dõi một người phát sóng', description: '关注一位你喜欢的主播', description_en: 'Follow an anchor you like', description_vi: 'Theo dõi một người phát sóng bạn thích', img: '/media/icons/task-follow.svg', target: 1, lz_num: 5 },
  { code: 'share', task: '分享直播间', task_en: 'Share a live room', task_vi: 'Chia sẻ phòng live', description: '把精彩的直播间分享给好友', description_en: 'Share a live room with your friends', description_vi: 'Chia sẻ một phòng live hay với bạn bè', img: '/media/icons/task-share.svg', target: 1, lz_num: 10 },
  { code: 'send_gift', task: '赠送一次礼物', task_en: 'Send a gift', task_vi: 'Tặng một món quà', description: '为主播赠送任意礼物一次', description_en: 'Send any gift to an anchor', description_vi: 'Tặng bất kỳ món quà nào cho người phát sóng', img: '/media/icons/task-gift.svg', target: 1, lz_num: 20 },
];

export const signInRewards = [5, 5, 10, 10, 15, 20, 30];

export interface GoodsDef {
  name: string;
  name_en: string;
  name_vi: string;
  image: string;
  description: string;
  description_en: string;
  description_vi: string;
  kind: 'gift' | 'horn' | 'physical';
  price_coins: number;
  /** Pieces on the shelf; null: unlimited. */
  stock: number | null;
  /** The most pieces one user may exchange; null: unlimited. */
  limit_per_user: number | null;
  /** Gift goods: the gift (its kind in gifts-catalogue.ts) and how many a piece puts into the backpack. */
  gift?: string;
  gift_quantity?: number;
  /** Horn goods: free horns a piece adds. */
  horn_quantity?: number;
}

const toBackpack = { description: '兑换后放入背包，可免费赠送给主播', description_en: 'Goes into your backpack, to send to an anchor for free', description_vi: 'Vào ba lô của bạn, để tặng miễn phí cho người phát sóng' };

export const goodsDefs: GoodsDef[] = [
  { name: '玫瑰×5', name_en: '5 Roses', name_vi: '5 hoa hồng', image: '/media/gifts/rose.svg', ...toBackpack, kind: 'gift', price_coins: 50, stock: null, limit_per_user: null, gift: 'rose', gift_quantity: 5 },
  { name: '足球×3', name_en: '3 Footballs', name_vi: '3 quả bóng', image: '/media/gifts/football.svg', ...toBackpack, kind: 'gift', price_coins: 60, stock: null, limit_per_user: null, gift: 'football', gift_quantity: 3 },
  { name: '金球×1', name_en: 'Golden Ball', name_vi: 'Quả bóng vàng', image: '/media/gifts/goldenball.svg', ...toBackpack, kind: 'gift', price_coins: 300, stock: 300, limit_per_user: 5, gift: 'goldenball', gift_quantity: 1 },
  { name: '喇叭×3', name_en: '3 Horns', name_vi: '3 loa', image: '/media/icons/goods-horn.svg', description: '3条全站喇叭弹幕，在所有直播间展示', description_en: '3 horn barrages, shown in every live room of the site', description_vi: '3 bình luận loa, hiện trong mọi phòng live của trang', kind: 'horn', price_coins: 80, stock: null, limit_per_user: null, horn_quantity: 3 },
  { name: '喇叭×10', name_en: '10 Horns', name_vi: '10 loa', image: '/media/icons/goods-horn.svg', description: '10条全站喇叭弹幕，在所有直播间展示', description_en: '10 horn barrages, shown in every live room of the site', description_vi: '10 bình luận loa, hiện trong mọi phòng live của trang', kind: 'horn', price_coins: 240, stock: 500, limit_per_user: 10, horn_quantity: 10 },
  { name: '定制运动水杯', name_en: 'Pitchside Sports Bottle', name_vi: 'Bình nước thể thao Pitchside', image: '/media/icons/goods-bottle.svg', description: 'Pitchside 定制运动水杯，容量600ml', description_en: 'A Pitchside sports bottle, 600 ml', description_vi: 'Bình nước thể thao Pitchside, 600 ml', kind: 'physical', price_coins: 2000, stock: 120, limit_per_user: 2 },
  { name: '官方比赛用球', name_en: 'Official Match Ball', name_vi: 'Bóng thi đấu chính thức', image: '/media/icons/goods-ball.svg', description: '5号标准比赛用球，随机颜色', description_en: 'A size 5 match ball, colour at random', description_vi: 'Bóng thi đấu cỡ số 5, màu ngẫu nhiên', kind: 'physical', price_coins: 6000, stock: 40, limit_per_user: 1 },
  { name: '定制球衣', name_en: 'Custom Jersey', name_vi: 'Áo đấu tùy chỉnh', image: '/media/icons/goods-jersey.svg', description: '可印制姓名与号码的定制球衣', description_en: 'A jersey printed with the name and number you choose', description_vi: 'Áo đấu in tên và số bạn chọn', kind: 'physical', price_coins: 12000, stock: 20, limit_per_user: 1 },
];

/** The demo world's official activity: the mall's opening, running from the seed's day for a month. */
export const activityDefs = [
  { title: '金币商城开业：签到做任务，兑换好礼', title_en: 'The coin mall is open: sign in, do tasks, exchange your coins', url: '/member?type=1&section=mall', days: 30 },
];
