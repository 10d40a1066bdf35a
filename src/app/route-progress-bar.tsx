import { useSelector } from '@xstate/react';
import { createActor, type ActorRefFrom } from 'xstate';
import { routeProgressMachine } from '../machines/route-progress-machine.ts';
import { ProgressBar } from '../ui/progress-bar.tsx';

export type RouteProgressActor = ActorRefFrom<typeof routeProgressMachine>;

/** Starts the route progress machine (SPEC §1). */
export function startRouteProgress(): RouteProgressActor {
  return createActor(routeProgressMachine).start();
}

export interface RouteProgressBarProps {
  /** The running route progress machine. */
  progress: RouteProgressActor;
  /** The bar's accessible name. */
  label: string;
}

/** The bar at the top of the window while the route progress machine says a route change runs. */
export function RouteProgressBar({ progress, label }: RouteProgressBarProps) {
  const visible = useSelector(progress, (snapshot) => snapshot.hasTag('visible'));
  const finishing = useSelector(progress, (snapshot) => snapshot.hasTag('finishing'));
  if (!visible) return null;
  return <ProgressBar placement="page" label={label} value={finishing ? 1 : undefined} finishing={finishing} />;
}
