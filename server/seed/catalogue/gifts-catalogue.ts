// Catalogue of the demo world, read only by the seed (server/seed): gifts, barrage styles, nobility
// and guard tiers, as sold in live rooms.

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

export const barrageStyles: Array<[name: string, name_en: string, name_vi: string, color: string, price: number, minNoble: number]> = [
  ['经典白', 'Classic White', 'Trắng cổ điển', '#ffffff', 0, 0],
  ['热情红', 'Passion Red', 'Đỏ nhiệt huyết', '#ff4d4f', 1, 0],
  ['活力橙', 'Vivid Orange', 'Cam rực rỡ', '#fa8c16', 1, 0],
  ['冠军金', 'Champion Gold', 'Vàng vô địch', '#fadb14', 2, 0],
  ['草坪绿', 'Pitch Green', 'Xanh sân cỏ', '#52c41a', 2, 0],
  ['天空蓝', 'Sky Blue', 'Xanh da trời', '#1890ff', 2, 0],
  ['贵族紫', 'Noble Purple', 'Tím quý tộc', '#9254de', 5, 1],
  ['樱花粉', 'Sakura Pink', 'Hồng anh đào', '#eb2f96', 5, 3],
];

export const nobilityTiers: Array<[name: string, name_en: string, name_vi: string, price: number, renew: number]> = [
  ['骑士', 'Knight', 'Hiệp sĩ', 30, 24],
  ['子爵', 'Viscount', 'Tử tước', 100, 80],
  ['伯爵', 'Earl', 'Bá tước', 300, 240],
  ['侯爵', 'Marquis', 'Hầu tước', 800, 640],
  ['公爵', 'Duke', 'Công tước', 2000, 1600],
  ['国王', 'King', 'Quốc vương', 5000, 4000],
  ['皇帝', 'Emperor', 'Hoàng đế', 15000, 12000],
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

export const guardTiers: Array<[name: string, name_en: string, name_vi: string, price: number, renew: number, privileges: string[]]> = [
  ['白银守护', 'Silver Guard', 'Hộ vệ Bạc', 188, 168, ['守护勋章', '专属弹幕颜色']],
  ['黄金守护', 'Gold Guard', 'Hộ vệ Vàng', 588, 528, ['守护勋章', '专属弹幕颜色', '进场特效']],
  ['钻石守护', 'Diamond Guard', 'Hộ vệ Kim cương', 1888, 1688, ['守护勋章', '专属弹幕颜色', '豪华进场特效', '房间置顶']],
];
