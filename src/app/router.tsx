import { Component, lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Navigate, useLocation, type RouteObject } from 'react-router-dom';
import { withAllMessages } from '../i18n/load-messages.ts';
import { useMessage } from '../i18n/use-message.ts';
import { EmptyState } from '../ui/empty-state.tsx';
import { AppLayout } from './app-layout.tsx';
import { HomePage } from './home-page.tsx';
import { LoginScreen } from './login-screen.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { RouteError } from './route-error.tsx';
import { useRouteProgressReport } from './route-progress.tsx';
import { link, routeNames, routes, useRouteTitle, withTheShell, type RouteName, type Screen, type ScreenLoader } from '../routes.ts';

/** SPEC §9: a screen's code that has not arrived within 120 s counts as failed. */
export const chunkLoadTimeoutMs = 120_000;

function withTimeout<T>(loading: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`a screen did not load within ${String(ms)} ms`)), ms);
    loading.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

interface LazyScreen {
  Screen: Screen;
  /** Starts fetching the screen's code, once. */
  preload: () => void;
}

/** A route's screen from the table, fetched the first time the route is shown (or preloaded). */
function lazyScreen(load: ScreenLoader): LazyScreen {
  let loading: Promise<Screen> | undefined;
  let loaded: Screen | undefined;
  const start = () => (loading ??= withTimeout(withAllMessages(load()), chunkLoadTimeoutMs).then((screen) => (loaded = screen)));
  const Pending = lazy(() => start().then((screen) => ({ default: screen })));
  function LoadedOrPending(props: { title: string }) {
    // A screen whose code is here shows at once, without a round through the loading state.
    const Shown = loaded ?? Pending;
    return <Shown {...props} />;
  }
  return { Screen: LoadedOrPending, preload: () => void start().catch(() => undefined) };
}

/**
 * The screens the table says come with the shell (`withTheShell`): /main, where most visits start,
 * /404, where unknown paths land, and /login, which is the home page under the shell's login dialog,
 * show without waiting for a chunk.
 */
export const shellScreens: Partial<Record<RouteName, Screen>> = { main: HomePage, notFound: NotFoundPage, login: LoginScreen };

function screenOf(name: RouteName): LazyScreen {
  const { screen } = routes[name];
  if (screen !== withTheShell) return lazyScreen(screen);
  const bundled = shellScreens[name];
  if (!bundled) throw new Error(`the table says ${name}'s screen comes with the shell, but the shell has none`);
  return { Screen: bundled, preload: () => undefined };
}

const screens = Object.fromEntries(routeNames.map((name) => [name, screenOf(name)])) as Record<RouteName, LazyScreen>;

/** Once a screen is shown, the other screens of its area load too: moving within an area waits for nothing. */
function usePreloadArea(name: RouteName) {
  useEffect(() => {
    for (const other of routeNames) if (routes[other].area === routes[name].area) screens[other].preload();
  }, [name]);
}

function ScreenLoading() {
  const t = useMessage();
  const report = useRouteProgressReport();
  // A screen whose code is still loading: the progress bar runs until it is shown.
  useEffect(() => report({ type: 'route.started' }), [report]);
  return <EmptyState title={t('common.loading')} busy />;
}

/** Tells the progress bar the route's screen is on the page, once per location. */
function ScreenShown() {
  const report = useRouteProgressReport();
  const { key } = useLocation();
  useEffect(() => {
    report({ type: 'route.started' });
    report({ type: 'route.settled' });
  }, [key, report]);
  return null;
}

class ScreenErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}

function RouteScreen({ name }: { name: RouteName }) {
  const t = useMessage();
  const title = useRouteTitle(name);
  const { Screen } = screens[name];
  usePreloadArea(name);
  return (
    <ScreenErrorBoundary key={name}>
      <Suspense fallback={<ScreenLoading />}>
        <Screen title={t(title)} />
        <ScreenShown />
      </Suspense>
    </ScreenErrorBoundary>
  );
}

function screenRoute(name: RouteName): RouteObject {
  // Where unknown paths land comes with the shell: the redirect shows it at once.
  if (name === 'notFound') return { path: routes[name].path, element: <NotFoundPage /> };
  return { path: routes[name].path, element: <RouteScreen name={name} /> };
}

/** Every route of SPEC §2 under the shared layout; the root goes to /main, unknown paths to /404. */
export const appRoutes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { path: '/', element: <Navigate to={link('main')} replace /> },
      ...routeNames.map(screenRoute),
      { path: '*', element: <Navigate to={link('notFound')} replace /> },
    ],
  },
];
