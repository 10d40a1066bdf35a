import type { ComponentType } from 'react';
import { Navigate, useLocation, type RouteObject } from 'react-router-dom';
import { useMessage } from '../i18n/use-message.ts';
import { EmptyState } from '../ui/empty-state.tsx';
import { AppLayout } from './app-layout.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { RouteError } from './route-error.tsx';
import { link, routeNames, routes, titleOf, type RouteArea, type RouteName } from './routes.ts';

/** What the router keeps about each route; the layout reads it to know which route is shown. */
export interface RouteHandle {
  route: RouteName;
}

type Screen = ComponentType<{ title: string }>;

// Areas not built yet share one honest empty screen; an area that lands gets its own chunk here.
const notBuiltYet = () => import('./area-not-built-screen.tsx').then((module) => module.AreaNotBuiltScreen);

// Each area's screens are their own chunk, loaded when one of its routes is first visited.
const areaScreens: Record<Exclude<RouteArea, 'app'>, () => Promise<Screen>> = {
  home: () => import('./home-page.tsx').then((module) => module.HomePage),
  account: () =>
    Promise.all([import('../features/account/account-routes.tsx'), import('../features/tasks/tasks-panel.tsx')]).then(
      ([account, tasks]) =>
        function AccountWithTasks({ title }: { title: string }) {
          return <account.AccountScreen title={title} tasks={<tasks.TasksPanel />} />;
        },
    ),
  scores: () => import('../features/scores/scores-routes.tsx').then((module) => module.ScoresScreen),
  live: notBuiltYet,
  content: notBuiltYet,
  circle: notBuiltYet,
  social: notBuiltYet,
  video: notBuiltYet,
  expert: notBuiltYet,
  chat: notBuiltYet,
};

function loadScreen(name: RouteName): Promise<Screen> {
  const { area } = routes[name];
  if (area === 'app') return import('./test-page.tsx').then((module) => module.TestPage);
  return areaScreens[area]();
}

/** SPEC §9: a screen's code that has not arrived within 120 s counts as failed. */
export const chunkLoadTimeoutMs = 120_000;

function withTimeout<T>(loading: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`a screen did not load within ${String(ms)} ms`)), ms);
    loading.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

function ScreenLoading() {
  const t = useMessage();
  return <EmptyState title={t('common.loading')} busy />;
}

function screenRoute(name: RouteName): RouteObject {
  // Where unknown paths land comes with the shell: the redirect shows it at once.
  if (name === 'notFound') return { path: routes[name].path, handle: { route: name } satisfies RouteHandle, Component: NotFoundPage };
  return {
    path: routes[name].path,
    handle: { route: name } satisfies RouteHandle,
    HydrateFallback: ScreenLoading,
    ErrorBoundary: RouteError,
    lazy: async () => {
      const Screen = await withTimeout(loadScreen(name), chunkLoadTimeoutMs);
      function RouteScreen() {
        const t = useMessage();
        const { search } = useLocation();
        return <Screen title={t(titleOf(name, search))} />;
      }
      return { Component: RouteScreen };
    },
  };
}

/** Every route of SPEC §2 under the shared layout; the root goes to /main, unknown paths to /404. */
export const appRoutes: RouteObject[] = [
  {
    Component: AppLayout,
    children: [
      { path: '/', element: <Navigate to={link('main')} replace /> },
      ...routeNames.map(screenRoute),
      { path: '*', element: <Navigate to={link('notFound')} replace /> },
    ],
  },
];
