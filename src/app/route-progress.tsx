import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useLocation, useNavigation } from 'react-router-dom';
import { useMessage } from '../i18n/use-message.ts';
import { routeProgressMachine } from '../machines/route-progress-machine.ts';
import { ProgressBar } from '../ui/progress-bar.tsx';

/** The bar at the top of the window that runs on each route change (SPEC §1). */
export function RouteProgress() {
  const t = useMessage();
  const progress = useActorRef(routeProgressMachine);
  const visible = useSelector(progress, (snapshot) => snapshot.hasTag('visible'));
  const finishing = useSelector(progress, (snapshot) => snapshot.hasTag('finishing'));
  const navigation = useNavigation();
  const location = useLocation();

  // A screen whose code is still loading keeps the router busy: the bar starts then.
  useEffect(() => {
    if (navigation.state !== 'idle') progress.send({ type: 'route.started' });
  }, [navigation.state, progress]);

  // The location changes once the new screen can be shown: the change is done, the bar ends 500 ms later.
  useEffect(() => {
    progress.send({ type: 'route.started' });
    progress.send({ type: 'route.settled' });
  }, [location.key, progress]);

  if (!visible) return null;
  return <ProgressBar placement="page" label={t('progress.loadingPage')} value={finishing ? 1 : undefined} finishing={finishing} />;
}
