import { createContext, lazy, Suspense, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { EventObject } from 'xstate';
import { useMessage } from '../i18n/use-message.ts';
import type { RouteProgressEvent } from '../machines/route-progress-machine.ts';
import { deferredActor } from '../realtime/deferred-actor.ts';
import type { RouteProgressActor } from './route-progress-bar.tsx';

type ReportRouteProgress = (event: RouteProgressEvent) => void;

const RouteProgressContext = createContext<ReportRouteProgress>(() => undefined);

// The bar's name comes from here, with the first load's messages, so the bar waits for no other message file.
const loadBar = () => import('./route-progress-bar.tsx');
const RouteProgressBar = lazy(() => loadBar().then((module) => ({ default: module.RouteProgressBar })));

/** How a route's screen tells the progress bar it is loading or shown. */
export function useRouteProgressReport(): ReportRouteProgress {
  return useContext(RouteProgressContext);
}

/**
 * The bar at the top of the window that runs on each route change (SPEC §1), above the screens that report to it.
 * Its machine loads with the first report: what screens report meanwhile waits for it, in order.
 */
export function RouteProgress({ children }: { children: ReactNode }) {
  const t = useMessage();
  const [progress] = useState(() =>
    deferredActor<RouteProgressEvent, EventObject, RouteProgressActor>(() => loadBar().then((module) => module.startRouteProgress)),
  );
  useEffect(() => () => progress.stop(), [progress]);
  const running = useSyncExternalStore(progress.subscribe, progress.current);

  return (
    <RouteProgressContext.Provider value={progress.send}>
      {running && (
        <Suspense fallback={null}>
          <RouteProgressBar progress={running} label={t('progress.loadingPage')} />
        </Suspense>
      )}
      {children}
    </RouteProgressContext.Provider>
  );
}
