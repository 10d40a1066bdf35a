import type { ComponentType } from 'react';
import { useLocation } from 'react-router-dom';
import type { MessageId } from './i18n/messages.ts';

/**
 * The nav index of SPEC §2: which top-bar item a route lights up, and whether the side bar shows.
 * 0 home, 1 scores, 2 streamers, 3 schedule, 4 news and circle, 5 world cup, 6 data centre,
 * 9 predictions, 10 download, 11 experts, 12 chat, 13 videos, 14 video categories.
 */
export type NavIndex = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 9 | 10 | 11 | 12 | 13 | 14;

/** Reads one query parameter; `raw` is null when the parameter is absent. */
type Field<T> = (raw: string | null) => T;

const integer = (raw: string | null): number | undefined => {
  if (raw === null || !/^\d{1,9}$/.test(raw)) return undefined;
  return Number(raw);
};

/** Typed readers of query parameters; a value outside what the route takes reads as absent. */
export const param = {
  /** One of a few numbers, or `fallback` when absent or unknown. */
  oneOf<const Values extends readonly number[]>(values: Values, fallback: Values[number]): Field<Values[number]> {
    return (raw) => values.find((value) => value === integer(raw)) ?? fallback;
  },
  /** One of a few words, or undefined when absent or unknown. */
  word<const Values extends readonly string[]>(values: Values): Field<Values[number] | undefined> {
    return (raw) => values.find((value) => value === raw);
  },
  /** A positive whole number (an id), or undefined. */
  id: ((raw) => {
    const value = integer(raw);
    return value !== undefined && value > 0 ? value : undefined;
  }) as Field<number | undefined>,
  /** Any text, or undefined when absent or empty. */
  text: ((raw) => (raw === null || raw === '' ? undefined : raw)) as Field<string | undefined>,
  /** `true` when the parameter says true or 1. */
  flag: ((raw) => raw === 'true' || raw === '1') as Field<boolean>,
};

/** Which part of the product a route belongs to: the folder of src/features its screens live in. */
export type RouteArea =
  | 'home'
  | 'app'
  | 'account'
  | 'scores'
  | 'live'
  | 'content'
  | 'circle'
  | 'social'
  | 'video'
  | 'expert'
  | 'chat'
  | 'admin';

/** What a route shows: a component given the route's title, translated. */
export type Screen = ComponentType<{ title: string }>;

/**
 * Loads a route's screen. Always a dynamic import (lint refuses a static one here), so the table pulls
 * no screen into the first load and each area's screens are a chunk of their own, fetched the first
 * time one of its routes is shown.
 */
export type ScreenLoader = () => Promise<Screen>;

/**
 * A screen the shell brings with the first load, for routes that must show without a round trip
 * (/main, where most visits start, and /404). src/app/router.tsx supplies it; a dynamic import of a
 * module the first load already holds would only split that load into more files.
 */
export const withTheShell = 'with-the-shell';

interface RouteOptions<Query> {
  nav: NavIndex | null;
  title: MessageId;
  area: RouteArea;
  /** The screen the route shows: its module and export. */
  screen: ScreenLoader | typeof withTheShell;
  query?: { [Key in keyof Query]: Field<Query[Key]> };
  /** A title that depends on the query (the member centre's sections, the legal pages). */
  titleFor?: (query: Query) => MessageId;
}

/** One route of SPEC §2. */
export interface RouteDef<Query = Record<never, never>> {
  path: string;
  nav: NavIndex | null;
  title: MessageId;
  area: RouteArea;
  screen: ScreenLoader | typeof withTheShell;
  query: { [Key in keyof Query]: Field<Query[Key]> };
  titleFor?: (query: Query) => MessageId;
}

function route<Query = Record<never, never>>(path: string, options: RouteOptions<Query>): RouteDef<Query> {
  return { path, ...options, query: options.query ?? ({} as RouteDef<Query>['query']) };
}

const withId = { id: param.id };
const liveType = param.oneOf([0, 1, 2, 3], 0);
const memberType = param.oneOf([1, 5, 7, 9, 18, 19], 19);
/** The wallet's sections (type 1); the project's own parameter, so a link can open the exchange mall. */
export const walletSections = ['topup', 'withdraw', 'convert', 'accounts', 'orders', 'mall'] as const;
export type WalletSection = (typeof walletSections)[number];
const walletSection: Field<WalletSection | undefined> = param.word(walletSections);
const aboutType = param.oneOf([1, 2, 3, 4, 5, 6], 1);

const memberTitles = {
  1: 'route.member.wallet',
  5: 'route.member.expert',
  7: 'route.member.applyAnchor',
  9: 'route.member.anchorManagement',
  18: 'route.member.space',
  19: 'route.member',
} as const satisfies Record<ReturnType<typeof memberType>, MessageId>;

/** The legal and help pages of /about-user, by type, with their titles (the footer lists them too). */
export const aboutTitles = {
  1: 'about.type1',
  2: 'about.type2',
  3: 'about.type3',
  4: 'about.type4',
  5: 'about.type5',
  6: 'about.type6',
} as const satisfies Record<ReturnType<typeof aboutType>, MessageId>;

// The screens, by area. The scores and account areas keep their screens in one module each, so an area
// is one chunk however many of its routes are visited.
const testPage: ScreenLoader = () => import('./app/test-page.tsx').then((module) => module.TestPage);
const scores = () => import('./features/scores/scores-screens.tsx');
const account = () => import('./features/account/account-screens.tsx');
const liveDirectory = () => import('./features/live/directory/directory-screens.tsx');
const specialist = () => import('./features/expert/specialist-screens.tsx');
const content = () => import('./features/content/content-screens.tsx');
const circle = () => import('./features/circle/circle-screens.tsx');

/** Every route of SPEC §2, by name. The root goes to /main and unknown paths to /404 (router.tsx). */
export const routes = {
  // The home page (src/app/home-page.tsx), brought with the first load.
  main: route('/main', { nav: 0, title: 'route.main', area: 'home', screen: withTheShell }),
  // The home page with the login dialog open over it (src/app/login-screen.tsx).
  login: route('/login', {
    nav: null,
    title: 'route.login',
    area: 'account',
    screen: withTheShell,
  }),
  dome: route('/dome', { nav: null, title: 'route.testPage', area: 'app', screen: testPage }),
  demo: route('/demo', { nav: null, title: 'route.testPage', area: 'app', screen: testPage }),
  newFile: route('/new_file', { nav: null, title: 'route.testPage', area: 'app', screen: testPage }),
  football: route('/football', {
    nav: 1,
    title: 'route.football',
    area: 'scores',
    screen: () => scores().then((module) => module.FootballScreen),
  }),
  basketball: route('/basketball', {
    nav: 1,
    title: 'route.basketball',
    area: 'scores',
    screen: () => scores().then((module) => module.BasketballScreen),
  }),
  scoreLive: route('/score-live', {
    nav: 1,
    title: 'route.scoreLive',
    area: 'scores',
    query: withId,
    screen: () => scores().then((module) => module.ScoreLiveScreen),
  }),
  scoreDetail: route('/score-detail', {
    nav: 1,
    title: 'route.scoreDetail',
    area: 'scores',
    query: withId,
    screen: () => scores().then((module) => module.ScoreDetailScreen),
  }),
  anchor: route('/anchor', {
    nav: 2,
    title: 'route.anchor',
    area: 'live',
    query: { type: liveType, id: param.id, name: param.text },
    screen: () => liveDirectory().then((module) => module.DirectoryScreen),
  }),
  rank: route('/rank', { nav: 2, title: 'route.rank', area: 'live', screen: () => liveDirectory().then((module) => module.RankScreen) }),
  attention: route('/attention', {
    nav: 2,
    title: 'route.attention',
    area: 'live',
    screen: () => liveDirectory().then((module) => module.AttentionScreen),
  }),
  reserve: route('/reserve', { nav: 2, title: 'route.reserve', area: 'live', screen: () => liveDirectory().then((module) => module.ReserveScreen) }),
  live: route('/live', {
    nav: 2,
    title: 'route.live',
    area: 'live',
    query: withId,
    screen: () => import('./app/live-room-screen.tsx').then((module) => module.LiveRoomScreen),
  }),
  schedule: route('/schedule', {
    nav: 3,
    title: 'route.schedule',
    area: 'scores',
    query: { type: liveType },
    screen: () => scores().then((module) => module.ScheduleScreen),
  }),
  news: route('/news', { nav: 4, title: 'route.news', area: 'content', screen: () => content().then((module) => module.NewsScreen) }),
  circle: route('/circle', { nav: 4, title: 'route.circle', area: 'circle', screen: () => circle().then((module) => module.CircleScreen) }),
  circleDetail: route('/circle-detail', {
    nav: null,
    title: 'route.circleDetail',
    area: 'circle',
    query: withId,
    screen: () => circle().then((module) => module.CircleDetailScreen),
  }),
  trophy: route('/trophy/home', {
    nav: 5,
    title: 'route.trophy',
    area: 'scores',
    screen: () => scores().then((module) => module.WorldCupScreen),
  }),
  baseFootball: route('/base-football', {
    nav: 6,
    title: 'route.baseFootball',
    area: 'scores',
    query: withId,
    screen: () => scores().then((module) => module.BaseFootballScreen),
  }),
  baseBasketball: route('/base-basketball', {
    nav: 6,
    title: 'route.baseBasketball',
    area: 'scores',
    query: withId,
    screen: () => scores().then((module) => module.BaseBasketballScreen),
  }),
  foresight: route('/foresight', {
    nav: 9,
    title: 'route.foresight',
    area: 'expert',
    screen: () => import('./features/expert/foresight-page.tsx').then((module) => module.ForesightPage),
  }),
  downLoad: route('/downLoad', {
    nav: 10,
    title: 'route.downLoad',
    area: 'content',
    screen: () => content().then((module) => module.DownloadScreen),
  }),
  specialist: route('/specialist', {
    nav: 11,
    title: 'route.specialist',
    area: 'expert',
    query: { type: param.oneOf([0, 1], 0) },
    screen: () => specialist().then((module) => module.SpecialistScreen),
  }),
  specialistHome: route('/specialist-home', {
    nav: 11,
    title: 'route.specialistHome',
    area: 'expert',
    query: { type: param.oneOf([0, 1], 0), id: param.id },
    screen: () => specialist().then((module) => module.SpecialistHomeScreen),
  }),
  specialistInfo: route('/specialist-info', {
    nav: 11,
    title: 'route.specialistInfo',
    area: 'expert',
    query: withId,
    screen: () => specialist().then((module) => module.SpecialistInfoScreen),
  }),
  // The plan's odds movement is drawn with the match centre's chart, handed in by src/app.
  specialistDetail: route('/specialist-detail', {
    nav: 11,
    title: 'route.specialistDetail',
    area: 'expert',
    query: withId,
    screen: () => import('./app/specialist-detail-screen.tsx').then((module) => module.SpecialistDetailScreen),
  }),
  specialistNews: route('/specialist-news', {
    nav: 11,
    title: 'route.specialistNews',
    area: 'expert',
    query: { type: param.oneOf([0, 1], 0), id: param.id },
    screen: () => specialist().then((module) => module.SpecialistNewsScreen),
  }),
  chatChat: route('/chat-chat', {
    nav: 12,
    title: 'route.chatChat',
    area: 'chat',
    screen: () => import('./features/chat/chat-page.tsx').then((module) => module.ChatPage),
  }),
  videoList: route('/video-list', {
    nav: 13,
    title: 'route.videoList',
    area: 'video',
    screen: () => import('./features/video/video-list-page.tsx').then((module) => module.VideoListPage),
  }),
  videoPlayer: route('/video-player', {
    nav: 13,
    title: 'route.videoPlayer',
    area: 'video',
    query: withId,
    screen: () => import('./features/video/video-player-page.tsx').then((module) => module.VideoPlayerPage),
  }),
  videoClassify: route('/video-classify', {
    nav: 14,
    title: 'route.videoClassify',
    area: 'video',
    query: { type: param.oneOf([3], 3), id: param.id, name: param.text },
    screen: () => import('./features/video/video-classify-page.tsx').then((module) => module.VideoClassifyPage),
  }),
  search: route('/search', {
    nav: null,
    title: 'route.search',
    area: 'content',
    query: { name: param.text },
    screen: () => content().then((module) => module.SearchScreen),
  }),
  member: route('/member', {
    nav: null,
    title: 'route.member',
    area: 'account',
    query: { type: memberType, isRecharge: param.flag, section: walletSection },
    titleFor: ({ type, isRecharge }) => (type === 1 && isRecharge ? 'route.member.recharge' : memberTitles[type]),
    screen: () => import('./app/member-screen.tsx').then((module) => module.MemberScreen),
  }),
  // The admin console; other areas' review panels join it as tabs in src/app/admin-screen.tsx.
  admin: route('/admin', {
    nav: null,
    title: 'route.admin',
    area: 'admin',
    screen: () => import('./app/admin-screen.tsx').then((module) => module.AdminScreen),
  }),
  detail: route('/detail', {
    nav: null,
    title: 'route.detail',
    area: 'content',
    query: withId,
    screen: () => content().then((module) => module.NewsDetailScreen),
  }),
  persona: route('/persona', {
    nav: null,
    title: 'route.persona',
    area: 'account',
    screen: () => account().then((module) => module.PersonaScreen),
  }),
  comment: route('/comment', {
    nav: null,
    title: 'route.comment',
    area: 'content',
    query: withId,
    screen: () => content().then((module) => module.NewsCommentScreen),
  }),
  aboutUser: route('/about-user', {
    nav: null,
    title: 'route.aboutUser',
    area: 'content',
    query: { type: aboutType },
    titleFor: ({ type }) => aboutTitles[type],
    screen: () => content().then((module) => module.AboutScreen),
  }),
  qrConfirm: route('/qr-confirm', {
    nav: null,
    title: 'qrConfirm.title',
    area: 'account',
    query: { code: param.text },
    screen: () => account().then((module) => module.QrConfirmScreen),
  }),
  // The not-found page (src/app/not-found-page.tsx), shown at once where unknown paths land.
  notFound: route('/404', { nav: null, title: 'route.notFound', area: 'app', screen: withTheShell }),
};

export type Routes = typeof routes;
export type RouteName = keyof Routes;
/** The parsed query of a route: `QueryOf<'anchor'>` is `{ type: 0 | 1 | 2 | 3; id?: number; name?: string }`. */
export type QueryOf<Name extends RouteName> = Routes[Name] extends RouteDef<infer Query> ? Query : never;

export const routeNames = Object.keys(routes) as RouteName[];

/** Reads a route's query parameters from a search string, typed. */
export function parseQuery<Name extends RouteName>(name: Name, search: string | URLSearchParams): QueryOf<Name> {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const fields: Record<string, Field<unknown>> = routes[name].query;
  return Object.fromEntries(Object.entries(fields).map(([key, read]) => [key, read(params.get(key))])) as QueryOf<Name>;
}

/**
 * The query of the route shown, typed: what screens read instead of `location.search` (the only
 * place that reads it is this file).
 */
export function useRouteQuery<Name extends RouteName>(name: Name): QueryOf<Name> {
  return parseQuery(name, useLocation().search);
}

/** The title message of the route shown, for its query (none where no route is shown). */
export function useRouteTitle(name: RouteName): MessageId;
export function useRouteTitle(name: RouteName | undefined): MessageId | undefined;
export function useRouteTitle(name: RouteName | undefined): MessageId | undefined {
  const { search } = useLocation();
  return name && titleOf(name, search);
}

/** Whether a link is the page shown: same path, and every parameter the link names has the same value. */
export function isCurrentHref(href: string, location: { pathname: string; search: string }): boolean {
  const target = new URL(href, 'http://pitchside.local');
  if (target.pathname !== location.pathname) return false;
  const shown = new URLSearchParams(location.search);
  return [...target.searchParams].every(([key, value]) => shown.get(key) === value);
}

/** The route whose path is `pathname`, if any. */
export function routeNameOf(pathname: string): RouteName | undefined {
  return routeNames.find((name) => routes[name].path === pathname);
}

/** The title message of a route as shown for this query (SPEC §1: the page title is the route title). */
export function titleOf<Name extends RouteName>(name: Name, search: string | URLSearchParams = ''): MessageId {
  const def: RouteDef<QueryOf<Name>> = routes[name] as unknown as RouteDef<QueryOf<Name>>;
  return def.titleFor ? def.titleFor(parseQuery(name, search)) : def.title;
}

/** Whether a route's page has the side bar: every tab but scores, streamers, schedule and chat (SPEC §2). */
export function hasSideBar(name: RouteName): boolean {
  const { nav } = routes[name];
  return nav === null || ![1, 2, 3, 12].includes(nav);
}

/**
 * Pages where a goal pop-up would cover the user's work (chat, the member centre's forms, the
 * console): pop-ups wait there, out of the way, until the user opens them or leaves.
 */
export function quietsGoalPopups(name: RouteName | undefined): boolean {
  if (name === undefined) return false;
  const { area } = routes[name];
  return area === 'chat' || area === 'account' || area === 'admin';
}

/** Pages where the top bar hides after 60 px of scrolling (SPEC §2). */
export function hidesTopBarOnScroll(name: RouteName): boolean {
  return name === 'main' || name === 'football' || name === 'basketball';
}

type LinkQuery<Name extends RouteName> = { [Key in keyof QueryOf<Name>]?: QueryOf<Name>[Key] };
/** A route without parameters takes none. */
type LinkArguments<Name extends RouteName> = keyof QueryOf<Name> extends never ? [] : [query?: LinkQuery<Name>];

/** Builds a link to a route; parameters left out or undefined are not written. */
export function link<Name extends RouteName>(name: Name, ...[query]: LinkArguments<Name>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === false) continue;
    params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${routes[name].path}?${search}` : routes[name].path;
}
