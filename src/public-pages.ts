// The public pages a search engine may list: their paths (each one of src/routes.ts's, a test checks) and a
// description per language for <meta name="description">. Plain data with no imports, so the server reads it
// too (robots.txt, sitemap.xml, the description in the page it serves) without loading the app.

export interface PageDescription {
  zh: string;
  en: string;
  vi: string;
}

/** The description of any page without one of its own. */
export const siteDescription: PageDescription = {
  zh: 'Pitchside：足球、篮球和电竞的实时比分、直播、赛程与数据。',
  en: 'Pitchside: live football, basketball and e-sports scores, streams, schedules and data.',
  vi: 'Pitchside: tỉ số trực tiếp, phát sóng, lịch thi đấu và dữ liệu bóng đá, bóng rổ và thể thao điện tử.',
};

/** Public pages with no required query, in sitemap order. */
export const publicPages: ReadonlyArray<{ path: string; description: PageDescription }> = [
  {
    path: '/main',
    description: siteDescription,
  },
  {
    path: '/football',
    description: {
      zh: '足球实时比分：进行中、赛程和完场的比赛，进球、红黄牌与指数即时更新。',
      en: 'Live football scores: matches in play, upcoming and finished, with goals, cards and odds as they happen.',
      vi: 'Tỉ số bóng đá trực tiếp: trận đang đá, sắp đá và đã kết thúc, bàn thắng, thẻ phạt và tỉ lệ cập nhật tức thì.',
    },
  },
  {
    path: '/basketball',
    description: {
      zh: '篮球实时比分：每节比分、赛程与完场结果即时更新。',
      en: 'Live basketball scores: quarter by quarter, with schedules and final results.',
      vi: 'Tỉ số bóng rổ trực tiếp: từng hiệp, kèm lịch thi đấu và kết quả.',
    },
  },
  {
    path: '/anchor',
    description: {
      zh: '正在直播的主播：足球、篮球、电竞与娱乐直播间。',
      en: 'Streamers live now: football, basketball, e-sports and entertainment rooms.',
      vi: 'Người dẫn đang phát trực tiếp: phòng bóng đá, bóng rổ, thể thao điện tử và giải trí.',
    },
  },
  {
    path: '/rank',
    description: {
      zh: '主播与观众排行榜。',
      en: 'Streamer and viewer rankings.',
      vi: 'Bảng xếp hạng người dẫn và người xem.',
    },
  },
  {
    path: '/schedule',
    description: {
      zh: '直播赛程：今天和未来几天可以观看的比赛。',
      en: 'Broadcast schedule: the matches you can watch today and in the coming days.',
      vi: 'Lịch phát sóng: các trận bạn có thể xem hôm nay và những ngày tới.',
    },
  },
  {
    path: '/trophy/home',
    description: {
      zh: '世界杯：赛程、小组积分与淘汰赛对阵。',
      en: 'World Cup: fixtures, group tables and the knockout bracket.',
      vi: 'World Cup: lịch thi đấu, bảng xếp hạng vòng bảng và nhánh đấu loại trực tiếp.',
    },
  },
  {
    path: '/foresight',
    description: {
      zh: '赛事预测：专家对即将开始比赛的分析与推荐。',
      en: 'Predictions: experts’ analysis and picks for upcoming matches.',
      vi: 'Dự đoán: phân tích và lựa chọn của chuyên gia cho các trận sắp diễn ra.',
    },
  },
];

/** The description of the page at `path`: its own, or the site's. */
export function pageDescription(path: string): PageDescription {
  return publicPages.find((page) => page.path === path)?.description ?? siteDescription;
}
