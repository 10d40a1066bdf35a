import { Component, lazy, Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import { Navigate, useLocation, type RouteObject } from 'react-router-dom';
import { useMessage } from '../i18n/use-message.ts';
import { EmptyState } from '../ui/empty-state.tsx';
import { AppLayout } from './app-layout.tsx';
import { HomePage } from './home-page.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { RouteError } from './route-error.tsx';
import { useRouteProgressReport } from './route-progress.tsx';
import { link, routeNames, routes, titleOf, type RouteArea, type RouteName } from '../routes.ts';

type Screen = ComponentType<{ title: string }>;

/** SPEC §9: a screen's code that has not arrived within 120 s counts as failed. */
export const chunkLoadTimeoutMs = 120_000;

function withTimeout<T>(loading: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`a screen did not load within ${String(ms)} ms`)), ms);
    loading.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

/** A screen whose code is its own chunk, fetched the first time one of its routes is shown. */
function lazyScreen(load: () => Promise<Screen>): Screen {
  return lazy(() => withTimeout(load(), chunkLoadTimeoutMs).then((loaded) => ({ default: loaded })));
}

// Areas not built yet share one honest empty screen; an area that lands gets its own chunk here.
const notBuiltYet = lazyScreen(() => import('./area-not-built-screen.tsx').then((module) => module.AreaNotBuiltScreen));

const areaScreens: Record<RouteArea, Screen> = {
  app: lazyScreen(() => import('./test-page.tsx').then((module) => module.TestPage)),
  // Most visits start on /main: its screen comes with the first load instead of one round trip later.
  home: HomePage,
  account: lazyScreen(() =>
    Promise.all([import('../features/account/account-routes.tsx'), import('../features/tasks/tasks-panel.tsx')]).then(
      ([account, tasks]) =>
        function AccountWithTasks({ title }: { title: string }) {
          return <account.AccountScreen title={title} tasks={<tasks.TasksPanel />} />;
        },
    ),
  ),
  scores: lazyScreen(() => import('../features/scores/scores-routes.tsx').then((module) => module.ScoresScreen)),
  live: notBuiltYet,
  content: notBuiltYet,
  circle: notBuiltYet,
  social: notBuiltYet,
  video: notBuiltYet,
  expert: lazyScreen(() =>
    import('../features/expert/expert-routes.tsx').then(
      (expert) =>
        function ExpertWithNotBuilt({ title }: { title: string }) {
          const NotBuilt = notBuiltYet;
          return <expert.ExpertScreen title={title} notBuilt={<NotBuilt title={title} />} />;
        },
    ),
  ),
  chat: notBuiltYet,
};

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
  const { search } = useLocation();
  const Screen = areaScreens[routes[name].area];
  return (
    <ScreenErrorBoundary key={name}>
      <Suspense fallback={<ScreenLoading />}>
        <Screen title={t(titleOf(name, search))} />
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
