import type { components } from '../../../api/schema';
import { okAnswer } from '../../../api/story-api.tsx';

// What the panels around a room's player read, for stories: anchor 31's next broadcasts and past
// ones, room 7's and 8's gift ranking, and the gifts on sale.

type Schemas = components['schemas'];

const anchor = { id: 31, user_nickname: '球评老张', avatar: '', exp_icon: '', is_anchor: 1 as const };
const at = 1_763_900_000;

export const storySchedules: Schemas['LiveReservationPage'] = {
  total: 2,
  page: 1,
  limit: 5,
  list: [
    { id: 71, anchor, room_id: 7, title: '英超前瞻：曼城 vs 利物浦', start_time: at + 86_400, status: 'not_started', reserve_count: 38, is_reserve: 0 },
    { id: 72, anchor, room_id: 7, title: '周末足球夜话', start_time: at + 3 * 86_400, status: 'not_started', reserve_count: 5, is_reserve: 1 },
  ],
};

export const storyPlaybacks: Schemas['LivePlaybackPage'] = {
  total: 2,
  page: 1,
  limit: 5,
  list: [
    { id: 91, room_id: 7, anchor, title: '英超焦点战 阿森纳 vs 切尔西', cover: '', start_time: at - 86_400, end_time: at - 86_400 + 7200, duration: 7200, video: '/media/videos/football-1/index.m3u8', views: 1204 },
    { id: 92, room_id: 7, anchor, title: '赛后复盘：今天的比赛你怎么看？', cover: '', start_time: at - 3 * 86_400, end_time: at - 3 * 86_400 + 2700, duration: 2700, video: '/media/videos/football-2/index.m3u8', views: 88 },
  ],
};

export const storyRanking: Schemas['LiveRoomRanking'] = {
  list: [
    { rank: 1, user: { id: 101, user_nickname: '红魔死忠', avatar: '', exp_icon: '', is_anchor: 0 }, amount: 495 },
    { rank: 2, user: { id: 102, user_nickname: '欧赔猎人', avatar: '', exp_icon: '', is_anchor: 0 }, amount: 30 },
    { rank: 3, user: { id: 103, user_nickname: '红黑信仰', avatar: '', exp_icon: '', is_anchor: 0 }, amount: 20 },
  ],
};

const giftPicture = (fill: string) =>
  `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="32" cy="32" r="26" fill="${fill}"/></svg>`)}`;

/** The gift bar's catalogue: a small gift and a big one. */
export const storyGifts: Schemas['Gift'][] = [
  { id: 2, name: '点赞', icon: giftPicture('#ffd43b'), price: 1, animation_type: 'none', animation_url: null },
  { id: 5, name: '足球', icon: giftPicture('#1a1a1a'), price: 10, animation_type: 'gif', animation_url: null },
  { id: 8, name: '金球', icon: giftPicture('#f4a261'), price: 99, animation_type: 'gif', animation_url: null },
];

/** Answers the panels' calls; null for any other path. */
export function roomPanelAnswer(url: URL): Response | null {
  switch (url.pathname) {
    case '/api/Live_streaming/getReserveLiveList':
      return okAnswer(storySchedules);
    case '/api/Live_streaming/getLivePlaybackList':
      return okAnswer(storyPlaybacks);
    case '/api/Live_streaming/roomRanking':
      return okAnswer(storyRanking);
    case '/api/Gift/getList':
      return okAnswer(storyGifts);
    case '/api/Gift/getUserGiftList':
      return okAnswer([]);
    case '/api/Barrage/getList':
      return okAnswer([
        { id: 1, name: '经典白', colour: '#ffffff', price: 0 },
        { id: 2, name: '热情红', colour: '#ff4d4f', price: 1 },
      ]);
    case '/api/Member/hornList':
      return okAnswer({ total: 0, page: 1, limit: 1, list: [] });
    default:
      return null;
  }
}
