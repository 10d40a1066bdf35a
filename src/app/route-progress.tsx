import { useActorRef, useSelector } from '@xstate/react';
import { createContext, useContext, type ReactNode } from 'react';
import { useMessage } from '../i18n/use-message.ts';
import { routeProgressMachine, type RouteProgressEvent } from '../machines/route-progress-machine.ts';
import { ProgressBar } from '../ui/progress-bar.tsx';

type ReportRouteProgress = (event: RouteProgressEvent) => void;

const RouteProgressContext = createContext<ReportRouteProgress>(() => undefined);

/** How a route's screen tells the progress bar it is loading or shown. */
export function useRouteProgressReport(): ReportRouteProgress {
  return useContext(RouteProgressContext);
}

/** The bar at the top of the window that runs on each route change (SPEC §1), above the screens that report to it. */
export function RouteProgress({ children }: { children: ReactNode }) {
  const t = useMessage();
  const progress = useActorRef(routeProgressMachine);
  const visible = useSelector(progress, (snapshot) => snapshot.hasTag('visible'));
  const finishing = useSelector(progress, (snapshot) => snapshot.hasTag('finishing'));

  return (
    <RouteProgressContext.Provider value={progress.send}>
      {visible && <ProgressBar placement="page" label={t('progress.loadingPage')} value={finishing ? 1 : undefined} finishing={finishing} />}
      {children}
    </RouteProgressContext.Provider>
  );
}
