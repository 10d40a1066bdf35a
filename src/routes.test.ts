import { isValidElement } from 'react';
import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { HomePage } from './app/home-page.tsx';
import { LiveRoomScreen } from './app/live-room-screen.tsx';
import { LoginScreen } from './app/login-screen.tsx';
import { MemberScreen } from './app/member-screen.tsx';
import { NotFoundPage } from './app/not-found-page.tsx';
import { appRoutes, shellScreens } from './app/router.tsx';
import { AdminScreen } from './app/admin-screen.tsx';
import { SpecialistDetailScreen } from './app/specialist-detail-screen.tsx';
import { TestPage } from './app/test-page.tsx';
import { PersonaScreen, QrConfirmScreen } from './features/account/account-screens.tsx';
import { ChatPage } from './features/chat/chat-page.tsx';
import * as circle from './features/circle/circle-screens.tsx';
import * as content from './features/content/content-screens.tsx';
import { ForesightPage } from './features/expert/foresight-page.tsx';
import * as specialist from './features/expert/specialist-screens.tsx';
import * as liveDirectory from './features/live/directory/directory-screens.tsx';
import * as scores from './features/scores/scores-screens.tsx';
import { VideoClassifyPage } from './features/video/video-classify-page.tsx';
import { VideoListPage } from './features/video/video-list-page.tsx';
import { VideoPlayerPage } from './features/video/video-player-page.tsx';
import { messages } from './i18n/messages.ts';
import { publicPages } from './public-pages.ts';
import {
  hasSideBar,
  hidesTopBarOnScroll,
  link,
  parseQuery,
  routeNameOf,
  routeNames,
  routes,
  titleOf,
  withTheShell,
  type NavIndex,
  type RouteName,
  type Screen,
} from './routes.ts';

// SPEC §2, written out here (path, nav index, title in zh and en) so the table is checked against the spec.
const specRoutes: [path: string, nav: NavIndex | null, zh: string, en: string][] = [
  ['/main', 0, '首页', 'Home'],
  ['/login', null, '登录', 'Log in'],
  ['/dome', null, '测试页', 'Test page'],
  ['/demo', null, '测试页', 'Test page'],
  ['/new_file', null, '测试页', 'Test page'],
  ['/basketball', 1, '篮球比分', 'Basketball scores'],
  ['/football', 1, '足球比分', 'Football scores'],
  ['/anchor', 2, '主播', 'Streamers'],
  ['/schedule', 3, '赛程', 'Schedule'],
  ['/rank', 2, '排行榜', 'Rankings'],
  ['/attention', 2, '我的关注', 'Following'],
  ['/reserve', 2, '我的预约', 'Reminders'],
  ['/foresight', 9, '预测', 'Predictions'],
  ['/news', 4, '新闻', 'News'],
  ['/circle', 4, '圈子', 'Circle'],
  ['/circle-detail', null, '帖子详情', 'Post'],
  ['/downLoad', 10, '下载APP', 'Download the app'],
  ['/base-football', 6, '足球资料库', 'Football data centre'],
  ['/base-basketball', 6, '篮球资料库', 'Basketball data centre'],
  ['/live', 2, '直播间', 'Live room'],
  ['/score-live', 1, '比分直播', 'Live score'],
  ['/score-detail', 1, '比赛详情', 'Match details'],
  ['/search', null, '搜索', 'Search'],
  ['/member', null, '个人中心', 'Personal centre'],
  ['/detail', null, '详情', 'Details'],
  ['/persona', null, '我的关注', 'My follows'],
  ['/comment', null, '评论', 'Comments'],
  ['/about-user', null, '用户协议', 'User agreement'],
  ['/trophy/home', 5, '世界杯', 'World Cup'],
  ['/video-list', 13, '视频', 'Videos'],
  ['/video-player', 13, '视频播放', 'Video'],
  ['/video-classify', 14, '视频分类', 'Video categories'],
  ['/specialist', 11, '专家', 'Experts'],
  ['/specialist-home', 11, '专家主页', 'Expert home'],
  ['/specialist-info', 11, '专家资料', 'Expert profile'],
  ['/specialist-detail', 11, '方案详情', 'Plan details'],
  ['/specialist-news', 11, '专家文章', 'Expert articles'],
  ['/chat-chat', 12, '私聊', 'Chat'],
  ['/404', null, '页面不存在', 'Page not found'],
];

// Routes the spec does not show that the project added, each for a reason of its own.
const projectRoutes = [
  // The phone's side of QR login (SPEC §4): the scanned code opens this page to confirm.
  '/qr-confirm',
  // The review desk of the site's admins (withdrawals, and the reviews to come).
  '/admin',
];

/** The route the router shows for a path: its match must be that route's own path, as the layout reads it. */
function resolve(path: string) {
  const matched = matchRoutes(appRoutes, path)?.at(-1)?.route.path;
  const name = routeNameOf(path);
  return name && matched === routes[name].path ? name : undefined;
}

describe('the route table (SPEC §2)', () => {
  it.each(specRoutes)('%s resolves with nav %s and its title in zh and en', (path, nav, zh, en) => {
    const name = resolve(path);
    expect(name).toBeDefined();
    if (!name) return;
    expect(routes[name].path).toBe(path);
    expect(routes[name].nav).toBe(nav);
    expect(messages.zh[titleOf(name)]).toBe(zh);
    expect(messages.en[titleOf(name)]).toBe(en);
  });

  it('has every SPEC route, and beyond them only the routes the project named', () => {
    const paths = routeNames.map((name) => routes[name].path);
    expect(paths).toEqual(expect.arrayContaining(specRoutes.map(([path]) => path)));
    const specPaths = new Set(specRoutes.map(([path]) => path));
    expect(paths.filter((path) => !specPaths.has(path)).sort()).toEqual([...projectRoutes].sort());
  });

  it('sends the root to /main and unknown paths to /404', () => {
    const root = matchRoutes(appRoutes, '/')?.at(-1)?.route;
    const unknown = matchRoutes(appRoutes, '/no/such/page')?.at(-1)?.route;
    expect(root?.path).toBe('/');
    expect(unknown?.path).toBe('*');
    expect(resolve('/no/such/page')).toBeUndefined();
  });

  it('gives every title a text in every language', () => {
    for (const name of routeNames) {
      for (const table of Object.values(messages)) expect(table[titleOf(name)]).toBeTruthy();
    }
  });

  it('shows the side bar on every tab but 1, 2, 3 and 12', () => {
    const without = routeNames.filter((name) => !hasSideBar(name)).map((name) => routes[name].nav);
    expect(new Set(without)).toEqual(new Set([1, 2, 3, 12]));
    expect(hasSideBar('main')).toBe(true);
    expect(hasSideBar('member')).toBe(true);
    expect(hasSideBar('live')).toBe(false);
  });

  it('lists as public pages (robots, sitemap, descriptions) only routes of this table that need no query, each described', () => {
    const paths = new Map(routeNames.map((name) => [routes[name].path, name]));
    for (const { path, description } of publicPages) {
      const name = paths.get(path);
      expect(name, path).toBeDefined();
      expect(parseQuery(name!, ''), path).toBeDefined();
      for (const text of Object.values(description)) expect(text.length, path).toBeGreaterThan(5);
    }
    expect(new Set(publicPages.map((page) => page.path)).size).toBe(publicPages.length);
  });

  it('hides the top bar on scroll on home, football and basketball only', () => {
    expect(routeNames.filter(hidesTopBarOnScroll).sort()).toEqual(['basketball', 'football', 'main']);
  });
});

// The screen each route shows: each its own, but the test pages, which share one.
const specScreens: Record<string, Screen> = {
  '/main': HomePage,
  '/login': LoginScreen,
  '/dome': TestPage,
  '/demo': TestPage,
  '/new_file': TestPage,
  '/basketball': scores.BasketballScreen,
  '/football': scores.FootballScreen,
  '/anchor': liveDirectory.DirectoryScreen,
  '/schedule': scores.ScheduleScreen,
  '/rank': liveDirectory.RankScreen,
  '/attention': liveDirectory.AttentionScreen,
  '/reserve': liveDirectory.ReserveScreen,
  '/foresight': ForesightPage,
  '/news': content.NewsScreen,
  '/circle': circle.CircleScreen,
  '/circle-detail': circle.CircleDetailScreen,
  '/downLoad': content.DownloadScreen,
  '/base-football': scores.BaseFootballScreen,
  '/base-basketball': scores.BaseBasketballScreen,
  '/live': LiveRoomScreen,
  '/score-live': scores.ScoreLiveScreen,
  '/score-detail': scores.ScoreDetailScreen,
  '/search': content.SearchScreen,
  '/member': MemberScreen,
  '/detail': content.NewsDetailScreen,
  '/persona': PersonaScreen,
  '/comment': content.NewsCommentScreen,
  '/about-user': content.AboutScreen,
  '/trophy/home': scores.WorldCupScreen,
  '/video-list': VideoListPage,
  '/video-player': VideoPlayerPage,
  '/video-classify': VideoClassifyPage,
  '/specialist': specialist.SpecialistScreen,
  '/specialist-home': specialist.SpecialistHomeScreen,
  '/specialist-info': specialist.SpecialistInfoScreen,
  '/specialist-detail': SpecialistDetailScreen,
  '/specialist-news': specialist.SpecialistNewsScreen,
  '/chat-chat': ChatPage,
  '/404': NotFoundPage,
  '/qr-confirm': QrConfirmScreen,
  '/admin': AdminScreen,
};

/** The screen the router shows for a path, as the table names it, or undefined where no route of the table matches. */
async function screenAt(path: string): Promise<{ name: RouteName; screen: Screen } | undefined> {
  const leaf = matchRoutes(appRoutes, path)?.at(-1)?.route;
  const name = routeNameOf(path);
  if (!name || leaf?.path !== routes[name].path || !isValidElement(leaf.element)) return undefined;
  const shown = routes[name].screen;
  if (shown === withTheShell) {
    // The shell's own screens: the element is the page itself (/404) or the route's screen (/main).
    const screen = shellScreens[name];
    const element = leaf.element as { type: unknown; props: { name?: unknown } };
    expect(element.type === screen || element.props.name === name).toBe(true);
    return screen && { name, screen };
  }
  // Every other route renders its own entry of the table, by name.
  expect((leaf.element.props as { name?: unknown }).name).toBe(name);
  return { name, screen: await shown() };
}

describe('every route shows its own screen (SPEC §2)', () => {
  it('names a screen for every route the spec and the project have', () => {
    expect(Object.keys(specScreens).sort()).toEqual([...specRoutes.map(([path]) => path), ...projectRoutes].sort());
  });

  it.each(Object.entries(specScreens))('%s shows its screen', async (path, expected) => {
    const shown = await screenAt(path);
    expect(shown).toBeDefined();
    expect(shown?.screen).toBe(expected);
  });

  it('gives no two routes the same screen: only the test pages share one', async () => {
    const byScreen = new Map<unknown, string[]>();
    for (const path of Object.keys(specScreens)) {
      const shown = await screenAt(path);
      byScreen.set(shown?.screen, [...(byScreen.get(shown?.screen) ?? []), path]);
    }
    const shared = [...byScreen.entries()].filter(([, paths]) => paths.length > 1).map(([screen]) => screen);
    expect(shared).toEqual([TestPage]);
  });

  it('brings /main, /404 and /login (the home page under the dialog) with the shell, and every other screen lazily', () => {
    const withShell = routeNames.filter((name) => routes[name].screen === withTheShell);
    expect(withShell.sort()).toEqual(['login', 'main', 'notFound']);
    expect(Object.keys(shellScreens).sort()).toEqual(['login', 'main', 'notFound']);
  });

  it('sends an unknown path to /404, which shows the not-found page', async () => {
    const unknown = matchRoutes(appRoutes, '/no/such/page')?.at(-1)?.route;
    expect(unknown?.path).toBe('*');
    expect(isValidElement(unknown?.element) && (unknown.element.props as { to?: unknown }).to).toBe('/404');
    expect(await screenAt('/no/such/page')).toBeUndefined();
    expect((await screenAt('/404'))?.screen).toBe(NotFoundPage);
    // A path that only extends a route, or a part of one, is unknown too: no prefix picks a screen.
    for (const path of ['/football/extra', '/trophy', '/trophy/home/x', '/scores']) {
      expect(matchRoutes(appRoutes, path)?.at(-1)?.route.path).toBe('*');
    }
  });
});

describe('query parameters, parsed and typed', () => {
  it('reads the streamer list: type 0..3, a category id and name', () => {
    expect(parseQuery('anchor', '?type=2&id=7&name=%E8%8B%B1%E8%B6%85')).toEqual({ type: 2, id: 7, name: '英超' });
    expect(parseQuery('anchor', '')).toEqual({ type: 0, id: undefined, name: undefined });
    expect(parseQuery('anchor', '?type=9&id=-1&name=')).toEqual({ type: 0, id: undefined, name: undefined });
    expect(parseQuery('anchor', '?type=1.5&id=abc')).toEqual({ type: 0, id: undefined, name: undefined });
  });

  it('reads the member centre: type 1, 5, 7, 9, 18 or 19, and isRecharge', () => {
    expect(parseQuery('member', '?type=1&isRecharge=true')).toEqual({ type: 1, isRecharge: true, section: undefined });
    expect(parseQuery('member', '?type=7')).toEqual({ type: 7, isRecharge: false, section: undefined });
    expect(parseQuery('member', '?type=3')).toEqual({ type: 19, isRecharge: false, section: undefined });
    expect(parseQuery('member', '?type=1&section=mall')).toEqual({ type: 1, isRecharge: false, section: 'mall' });
    expect(parseQuery('member', '?type=1&section=shop')).toEqual({ type: 1, isRecharge: false, section: undefined });
    expect(link('member', { type: 1, section: 'mall' })).toBe('/member?type=1&section=mall');
    expect(messages.en[titleOf('member', '?type=1&isRecharge=true')]).toBe('Top up');
    expect(messages.en[titleOf('member', '?type=1')]).toBe('My wallet');
    expect(messages.en[titleOf('member', '?type=7')]).toBe('Apply to stream');
    expect(messages.en[titleOf('member', '?type=9')]).toBe('Streamer management');
    expect(messages.en[titleOf('member', '?type=18')]).toBe('Space');
    expect(messages.zh[titleOf('member', '?type=19')]).toBe('个人中心');
  });

  it('reads the legal pages: type 1 to 6, each with its own title', () => {
    const titles = [1, 2, 3, 4, 5, 6].map((type) => messages.en[titleOf('aboutUser', `?type=${String(type)}`)]);
    expect(new Set(titles).size).toBe(6);
    expect(parseQuery('aboutUser', '?type=7')).toEqual({ type: 1 });
  });

  it('reads experts, video categories, data centre, search and detail pages', () => {
    expect(parseQuery('specialist', '?type=1')).toEqual({ type: 1 });
    expect(parseQuery('specialist', '?type=2')).toEqual({ type: 0 });
    expect(parseQuery('videoClassify', '?type=3&id=4&name=%E9%9B%86%E9%94%A6')).toEqual({ type: 3, id: 4, name: '集锦' });
    expect(parseQuery('baseFootball', '?id=12')).toEqual({ id: 12 });
    expect(parseQuery('search', '?name=%E6%B9%96%E4%BA%BA')).toEqual({ name: '湖人' });
    expect(parseQuery('live', '?id=3')).toEqual({ id: 3 });
    expect(parseQuery('schedule', '?type=3')).toEqual({ type: 3 });
  });

  it('builds links from typed parameters, leaving out the absent ones', () => {
    expect(link('main')).toBe('/main');
    expect(link('anchor', { type: 1 })).toBe('/anchor?type=1');
    expect(link('anchor', { type: 0, id: undefined, name: '英超' })).toBe('/anchor?type=0&name=%E8%8B%B1%E8%B6%85');
    expect(link('member', { type: 1, isRecharge: true })).toBe('/member?type=1&isRecharge=true');
    expect(link('member', { type: 7, isRecharge: false })).toBe('/member?type=7');
    expect(link('trophy')).toBe('/trophy/home');
    // @ts-expect-error: the streamer list has no type 5
    expect(link('anchor', { type: 5 })).toBe('/anchor?type=5');
    // @ts-expect-error: the home page takes no parameters
    expect(link('main', { id: 1 })).toBe('/main?id=1');
  });

  it('round-trips every link it builds', () => {
    const built = link('videoClassify', { type: 3, id: 9, name: 'A & B' });
    expect(parseQuery('videoClassify', new URL(built, 'http://x').search)).toEqual({ type: 3, id: 9, name: 'A & B' });
  });
});
