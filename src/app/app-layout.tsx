import { lazy, Suspense, useCallback, useEffect, useState, useSyncExternalStore, type MouseEvent } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useApi } from '../api/api-context.tsx';
import { useMemberInfo, useSiteConfig } from '../api/queries/account.ts';
import { useHot } from '../api/queries/content.ts';
import { logOut } from '../features/account/log-out.ts';
import { LoginRequestProvider } from '../realtime/login-request.tsx';
import { useMessaging } from '../realtime/messaging-context.tsx';
import { GoalPopupHost } from '../features/scores/goal-popup-host.tsx';
import { useUnreadChatCount } from '../features/chat/unread-chat-count.ts';
import { LiveAlertHost } from '../features/live/live-alerts.tsx';
import { localName } from '../i18n/locale.ts';
import { withAllMessages } from '../i18n/load-messages.ts';
import { pageDescription } from '../public-pages.ts';
import { useMessage } from '../i18n/use-message.ts';
import { notifyStoredUserChanged, useStoredUser } from '../realtime/stored-user.ts';
import { mobileRedirectTarget } from './mobile-redirect.ts';
import { KickoutNotice } from './kickout-notice.tsx';
import { RouteProgress } from './route-progress.tsx';
import { hasSideBar, hidesTopBarOnScroll, link, routeNameOf, routes, useRouteTitle } from '../routes.ts';
import { hotMatchesShown, type HotMatch } from './search-box.tsx';
import { addToSearchHistory, readSearchHistory, writeSearchHistory } from './search-history.ts';
import { useShellSettings } from './shell-settings.tsx';
import { SideBar } from './side-bar.tsx';
import { SiteFooter } from './site-footer.tsx';
import { TopBar, type TopBarUser } from './top-bar.tsx';
import { mobileQuery, useMediaQuery } from './use-media-query.ts';
import styles from './app-layout.module.css';

// The login dialog and its flows load when a guest first asks for it, not with every page.
const LoginDialogHost = lazy(() => withAllMessages(import('./login-dialog-host.tsx')).then((module) => ({ default: module.LoginDialogHost })));

// SPEC §2 and §9.
const navHideScrollPx = 60;
const sideBarId = 'side-bar';

function subscribeToScroll(onChange: () => void): () => void {
  window.addEventListener('scroll', onChange, { passive: true });
  return () => window.removeEventListener('scroll', onChange);
}

function useScrolledPast(px: number, enabled: boolean): boolean {
  const past = useSyncExternalStore(subscribeToScroll, () => window.scrollY > px, () => false);
  return enabled && past;
}

/** The shared layout of SPEC §2: top bar, side bar by tab, the route's screen, footer. */
export function AppLayout() {
  const api = useApi();
  const t = useMessage();
  const navigate = useNavigate();
  const location = useLocation();
  const { locale, setLocale, theme, setTheme } = useShellSettings();
  const name = routeNameOf(location.pathname);
  const storedUser = useStoredUser();
  const messaging = useMessaging();

  const config = useSiteConfig();
  const member = useMemberInfo(storedUser?.id ?? null);
  const chatUnread = useUnreadChatCount(storedUser ? String(storedUser.id) : null);
  const [hotWanted, setHotWanted] = useState(false);
  const hot = useHot({ enabled: hotWanted });

  const siteName = config.data?.site_name || t('app.siteName');
  const mobileUrl = config.data?.mobile_url ?? '';

  // SPEC §1: the page title is the translated route title plus the site name.
  const title = useRouteTitle(name);
  useEffect(() => {
    if (title) document.title = `${t(title)} - ${siteName}`;
  }, [title, siteName, t]);
  // Each public page's own description (src/public-pages.ts), in the page's language.
  useEffect(() => {
    document.querySelector('meta[name="description"]')?.setAttribute('content', pageDescription(location.pathname)[locale]);
  }, [location.pathname, locale]);

  useEffect(() => {
    const target = mobileRedirectTarget(mobileUrl, window.innerWidth, new URL(window.location.href));
    if (target) window.location.replace(target);
  }, [mobileUrl]);

  const mobile = useMediaQuery(mobileQuery);
  // SPEC §4: becoming mobile closes the side bar, and a wide screen opens it; a choice made by the
  // visitor holds until the device kind changes.
  const [sideBarChoice, setSideBarChoice] = useState<{ mobile: boolean; open: boolean } | null>(null);
  const sideBarOpen = sideBarChoice?.mobile === mobile ? sideBarChoice.open : !mobile;
  const closeSideBar = useCallback(() => setSideBarChoice({ mobile, open: false }), [mobile]);

  const barHidden = useScrolledPast(navHideScrollPx, name !== undefined && hidesTopBarOnScroll(name));
  const [loginOpen, setLoginOpen] = useState(false);
  const openLogin = useCallback(() => setLoginOpen(true), []);
  // SPEC §2: /login is the home page with the login dialog open; closing it goes to /main.
  const onLoginRoute = name === 'login';
  // SPEC §4: 700 (a call's or the socket's) clears the user and resets the login dialog flag.
  const [flagUser, setFlagUser] = useState(storedUser?.id ?? null);
  if ((storedUser?.id ?? null) !== flagUser) {
    setFlagUser(storedUser?.id ?? null);
    if (storedUser === null) setLoginOpen(false);
  }
  const [history, setHistory] = useState(readSearchHistory);

  const user: TopBarUser | null = storedUser && {
    user_nickname: member.data?.user_nickname ?? storedUser.profile.user_nickname,
    avatar: member.data?.avatar ?? storedUser.profile.avatar,
    exp_icon: member.data?.exp_icon ?? storedUser.profile.exp_icon,
    is_anchor: member.data?.is_anchor ?? storedUser.profile.is_anchor,
    balance: member.data?.balance ?? storedUser.profile.balance,
    level: member.data?.level,
  };

  const hotMatches: HotMatch[] = (hot.data?.matches ?? []).slice(0, hotMatchesShown).map((match) => ({
    id: match.id,
    league: localName({ zh: match.short_name_zh, en: match.league_name_en }, locale),
    teams: `${localName({ zh: match.home_team_name_zh, en: match.home_team_name_en }, locale)} VS ${localName({ zh: match.away_team_name_zh, en: match.away_team_name_en }, locale)}`,
    href: link('scoreDetail', { id: match.id }),
  }));

  // Screens and the design system write plain links; the router takes the ones that stay on the site.
  function followLink(event: MouseEvent<HTMLDivElement>) {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(anchor instanceof HTMLAnchorElement) || anchor.target || anchor.hasAttribute('download')) return;
    if (anchor.getAttribute('href')?.startsWith('#')) return;
    const url = new URL(anchor.href);
    if (url.origin !== window.location.origin || url.pathname.startsWith('/api/') || url.pathname.startsWith('/media/')) return;
    event.preventDefault();
    void navigate(url.pathname + url.search + url.hash);
  }

  const withSideBar = name !== undefined && hasSideBar(name);

  return (
    <div className={styles.shell} onClick={followLink}>
      <a href="#main" className={styles.skip}>
        {t('shell.skipToContent')}
      </a>
      <TopBar
        activeNav={name ? routes[name].nav : null}
        chatUnread={chatUnread}
        location={location}
        user={user}
        siteName={siteName}
        locale={locale}
        onLocaleChange={setLocale}
        theme={theme}
        onThemeChange={setTheme}
        onLoginRequest={() => setLoginOpen(true)}
        onLogout={() => {
          void logOut(api, messaging, () => {
            notifyStoredUserChanged();
            void navigate(link('main'));
          });
        }}
        hidden={barHidden}
        sideBar={withSideBar ? { open: sideBarOpen, onToggle: () => setSideBarChoice({ mobile, open: !sideBarOpen }), controls: sideBarId } : undefined}
        search={{
          history,
          hot: {
            status: !hotWanted ? 'idle' : hot.isPending ? 'loading' : hot.isError ? 'error' : 'ready',
            matches: hotMatches,
            keywords: hot.data?.keywords,
          },
          onOpen: () => setHotWanted(true),
          onSearch: (term) => {
            const next = addToSearchHistory(history, term);
            setHistory(next);
            writeSearchHistory(next);
            void navigate(link('search', { name: term }));
          },
          onClearHistory: () => {
            setHistory([]);
            writeSearchHistory([]);
          },
        }}
      />
      <div className={styles.body}>
        {withSideBar && (
          <SideBar
            id={sideBarId}
            open={sideBarOpen}
            mobile={mobile}
            onClose={closeSideBar}
            location={location}
            loggedIn={storedUser !== null}
          />
        )}
        <main id="main" className={styles.main} tabIndex={-1}>
          <RouteProgress>
            <LoginRequestProvider onLoginRequest={openLogin}>
              <Outlet />
            </LoginRequestProvider>
          </RouteProgress>
        </main>
      </div>
      <SiteFooter siteName={siteName} config={config.data ?? null} year={new Date().getFullYear()} />
      {(loginOpen || onLoginRoute) && (
        <Suspense fallback={null}>
          <LoginDialogHost
            open
            onClose={() => {
              setLoginOpen(false);
              if (onLoginRoute) void navigate(link('main'), { replace: true });
            }}
          />
        </Suspense>
      )}
      <GoalPopupHost />
      <KickoutNotice />
      <LiveAlertHost />
    </div>
  );
}
