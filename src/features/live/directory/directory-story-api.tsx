import { useState, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { createActor, fromCallback } from 'xstate';
import type { components } from '../../../api/schema';
import { okAnswer, StoryApiProviders } from '../../../api/story-api.tsx';
import { siteSocketMachine, type ConnectionCommand } from '../../../machines/site-socket-machine.ts';
import { SiteSocketProvider, type SiteSocketActor } from '../../../realtime/site-socket.tsx';
import { sampleAvatar, sampleAvatarAlt, sampleCover, sampleCrestAway, sampleCrestHome, sampleLevelIcon } from '../../../ui/story-images.ts';

// The streamer area's pages in stories and tests run against this fake server: typed from the
// contract, answering the calls of /anchor, /rank, /attention and /reserve.

type LiveRoom = components['schemas']['LiveRoom'];
type LiveCategory = components['schemas']['LiveCategory'];
type LiveMatchBrief = components['schemas']['LiveMatchBrief'];
type LiveReservation = components['schemas']['LiveReservation'];
type FollowedUser = components['schemas']['FollowedUser'];
type LiveUserReservation = components['schemas']['LiveUserReservation'];
type LiveRankEntry = components['schemas']['LiveRankEntry'];

const quietConnection = fromCallback<ConnectionCommand, { url: string }>(() => () => undefined);

/** 2026-11-25 20:00 UTC, the evening the fixtures are scheduled around. */
const evening = 1_795_636_800;

export const sampleCategories: LiveCategory[] = [
  { id: 11, name: '英超', name_en: 'Premier League', type: 1 },
  { id: 12, name: '德甲', name_en: 'Bundesliga', type: 1 },
  { id: 21, name: 'NBA', name_en: 'NBA', type: 2 },
  { id: 31, name: '英雄联盟', name_en: 'League of Legends', type: 3 },
];

function anchor(id: number, user_nickname: string) {
  return { id, user_nickname, avatar: id % 2 ? sampleAvatar : sampleAvatarAlt, exp_icon: sampleLevelIcon, is_anchor: 1 as const };
}

const derby: LiveMatchBrief = {
  id: 501,
  type: 1,
  short_name_zh: '德甲',
  league_name_en: 'Bundesliga',
  home_team_name_zh: '药厂',
  home_team_name_en: 'Leverkusen',
  home_team_logo: sampleCrestHome,
  away_team_name_zh: '拜仁',
  away_team_name_en: 'Bayern',
  away_team_logo: sampleCrestAway,
  home_score: 0,
  away_score: 2,
  status: 'in_progress',
  match_str: '43',
  match_time: evening - 2700,
};

const lakers: LiveMatchBrief = {
  ...derby,
  id: 502,
  type: 2,
  short_name_zh: 'NBA',
  league_name_en: 'NBA',
  home_team_name_zh: '湖人',
  home_team_name_en: 'Lakers',
  away_team_name_zh: '勇士',
  away_team_name_en: 'Warriors',
  home_score: 0,
  away_score: 0,
  status: 'not_started',
  match_str: undefined,
  match_time: evening + 7200,
};

function room(id: number, fields: Partial<LiveRoom> & Pick<LiveRoom, 'title' | 'status' | 'type' | 'heat'>): LiveRoom {
  const category = sampleCategories.find((entry) => entry.type === fields.type) ?? sampleCategories[0]!;
  return {
    id,
    cover: sampleCover,
    anchor: anchor(100 + id, `主播${String(id)}`),
    category,
    viewers: fields.status === 'in_progress' ? fields.heat * 3 : 0,
    placard: '',
    stream: { original: `/hls/${String(id)}/original.m3u8` },
    is_reserve: 0,
    is_attention: 0,
    ...fields,
  };
}

/**
 * The rooms the fake server holds, in an order that is not the one to show: a room that is over
 * first, so a page that does not put rooms on air first shows it.
 */
export const sampleRooms: LiveRoom[] = [
  room(1, { title: '昨晚英超集锦回看', status: 'over', type: 1, heat: 900, anchor: anchor(101, '老K看球') }),
  room(2, { title: '边看边聊：药厂 vs 拜仁', status: 'in_progress', type: 1, heat: 4100, match: derby, anchor: anchor(102, '解说大飞'), category: sampleCategories[1]! }),
  room(3, { title: '湖人 vs 勇士 赛前分析', status: 'not_started', type: 2, heat: 1200, match: lakers, anchor: anchor(103, '篮球阿杰') }),
  room(4, { title: '英雄联盟全球总决赛 半决赛', status: 'in_progress', type: 3, heat: 8800, anchor: anchor(104, '电竞小鱼') }),
  room(5, { title: '英超周末前瞻：谁能爆冷？', status: 'in_progress', type: 1, heat: 2500, anchor: anchor(105, '足球博士') }),
  room(6, { title: 'NBA 早场：凯尔特人 vs 热火', status: 'in_progress', type: 2, heat: 3300, anchor: anchor(106, '篮板王') }),
];

/** Rooms the way English-speaking anchors title them, for the English stories. */
export const sampleRoomsEnglish: LiveRoom[] = sampleRooms.map((entry, index) => ({
  ...entry,
  title: ['Last night: Premier League highlights', 'Watch and chat: Leverkusen vs Bayern', 'Lakers vs Warriors preview', 'Worlds semi-final', 'Premier League weekend preview', 'NBA early game: Celtics vs Heat'][index]!,
  anchor: { ...entry.anchor, user_nickname: ['Old K', 'Big Fei', 'Hoops Jay', 'Esports Fish', 'Dr Football', 'Rebound King'][index]! },
}));

export const sampleFollows: FollowedUser[] = [
  { ...anchor(101, '老K看球'), signature: '每晚八点，不见不散', fan_count: 1200, room_id: 1, live_status: 'over', followed_at: evening - 86_400 },
  { id: 900, user_nickname: '球迷小王', avatar: sampleAvatarAlt, exp_icon: '', is_anchor: 0, signature: '', fan_count: 3, room_id: null, live_status: null, followed_at: evening - 3600 },
  { ...anchor(102, '解说大飞'), signature: '德甲专场', fan_count: 52_000, room_id: 2, live_status: 'in_progress', followed_at: evening - 7200 },
];

export const sampleRanking: LiveRankEntry[] = [
  { rank: 1, user: { ...anchor(901, '土豪老张'), is_anchor: 0 }, amount: 52_000 },
  { rank: 2, user: { ...anchor(902, '球迷小王'), is_anchor: 0 }, amount: 18_400 },
  { rank: 3, user: { ...anchor(903, '拜仁铁粉'), is_anchor: 0 }, amount: 7_250 },
  { rank: 4, user: { ...anchor(904, '路人甲'), is_anchor: 0 }, amount: 120 },
];

function broadcast(id: number, roomId: number, title: string, startIn: number, match?: LiveMatchBrief): LiveReservation {
  const owner = sampleRooms.find((entry) => entry.id === roomId)!.anchor;
  return { id, anchor: owner, room_id: roomId, title, match, start_time: evening + startIn, status: 'not_started', reserve_count: 12 * id, is_reserve: 0 };
}

export const sampleSchedules: LiveReservation[] = [
  broadcast(1, 3, '湖人 vs 勇士 全场解说', 7200, lakers),
  broadcast(2, 5, '英超周日大战前瞻', 86_400),
  broadcast(3, 2, '德甲收官战', 3600),
];

export const sampleReminders: LiveUserReservation[] = [
  { id: 1, kind: 'broadcast', broadcast: { ...sampleSchedules[0]!, is_reserve: 1 }, create_time: evening - 600 },
  { id: 2, kind: 'match', match: lakers, create_time: evening - 300 },
];

/** How the fake server behaves. */
export interface DirectoryServer {
  /** The rooms it holds (default sampleRooms). */
  rooms?: LiveRoom[];
  /** Live/getRoomList answers 'Sorry, not yet', as before the server lists categories. */
  categoriesNotYet?: boolean;
  /** Every call answers code 1. */
  failing?: boolean;
  /** Calls never answer: the loading states. */
  hanging?: boolean;
  /** Every list comes back empty. */
  empty?: boolean;
  /** Records each call's path and query string. */
  onCall?: (path: string, query: URLSearchParams) => void;
}

const notYet = () => new Response(JSON.stringify({ code: 1, msg: 'Sorry, not yet', data: null }), { headers: { 'content-type': 'application/json' } });

function page<Item>(items: readonly Item[], query: URLSearchParams) {
  const pageNumber = Number(query.get('page') ?? 1);
  const limit = Number(query.get('limit') ?? 20);
  return { list: items.slice((pageNumber - 1) * limit, pageNumber * limit), total: items.length, page: pageNumber, limit };
}

/** A fetch that answers the directory's calls from the fixtures above. */
export function directoryFetch({ rooms = sampleRooms, categoriesNotYet, failing, hanging, empty, onCall }: DirectoryServer = {}) {
  return async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const query = url.searchParams;
    onCall?.(url.pathname, query);
    if (hanging) return new Promise<Response>(() => undefined);
    if (failing) return notYet();
    const none = <Item,>(items: readonly Item[]) => (empty ? [] : items);
    switch (url.pathname) {
      case '/api/Live_streaming/getLiveList': {
        const type = Number(query.get('type') ?? 0);
        const category = query.get('category_id');
        const shown = rooms.filter((entry) => (type === 0 || entry.type === type) && (category === null || entry.category.id === Number(category)));
        return okAnswer(page(none(shown), query));
      }
      case '/api/Live/getRoomList': {
        if (categoriesNotYet) return notYet();
        const type = Number(query.get('type') ?? 0);
        return okAnswer(none(sampleCategories.filter((entry) => type === 0 || entry.type === type)));
      }
      case '/api/Live_streaming/roomRanking':
        return okAnswer({ list: none(sampleRanking), mine: empty ? undefined : { ...sampleRanking[1]!, user: sampleRanking[1]!.user } });
      case '/api/User/attentionList':
        return okAnswer(page(none(sampleFollows), query));
      case '/api/Live_streaming/getUserReserveLiveList':
        return okAnswer(page(none(sampleReminders), query));
      case '/api/Live_streaming/getReserveLiveList': {
        const uid = Number(query.get('uid'));
        return okAnswer(page(none(sampleSchedules.filter((entry) => entry.anchor.id === uid)), query));
      }
      default:
        return new Response(null, { status: 404 });
    }
  };
}

/** A router at `path` and the API client over the fake server. */
export function DirectoryStoryProviders({
  path,
  server,
  socket,
  children,
}: {
  path: string;
  server?: DirectoryServer;
  /** The site socket the cards hear match pushes on; by default one that never connects. */
  socket?: SiteSocketActor;
  children: ReactNode;
}) {
  const [quietSocket] = useState(() =>
    createActor(siteSocketMachine.provide({ actors: { connection: quietConnection } }), {
      input: { url: 'ws://story.invalid/ws', companyId: 1, classifyType: 0, token: null, random: () => 0.5 },
    }).start(),
  );
  return (
    <MemoryRouter initialEntries={[path]}>
      <StoryApiProviders fetch={directoryFetch(server)}>
        <SiteSocketProvider socket={socket ?? quietSocket}>{children}</SiteSocketProvider>
      </StoryApiProviders>
    </MemoryRouter>
  );
}
