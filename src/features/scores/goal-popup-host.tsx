import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { withAllMessages } from '../../i18n/load-messages.ts';
import type { GoalEvent } from '../../machines/goal-popup-queue-machine.ts';
import { useSocketEvent } from '../../realtime/site-socket.tsx';

const loadGoalPopups = () => withAllMessages(import('./goal-popup.tsx'));
const GoalPopupStack = lazy(() => loadGoalPopups().then((module) => ({ default: module.GoalPopupStack })));

/**
 * The site's goal pop-ups (SPEC §4). Their queue, sound and look are not part of the first page: they
 * load when the browser is first idle, or at the first goal if that comes sooner, and goals that arrive
 * meanwhile wait here.
 */
export function GoalPopupHost() {
  const [goalArrived, setGoalArrived] = useState(false);
  const waiting = useRef<GoalEvent[] | null>([]);

  useEffect(() => {
    const prefetch = () => void loadGoalPopups().catch(() => undefined);
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(prefetch, { timeout: 5000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = setTimeout(prefetch, 2000);
    return () => clearTimeout(timer);
  }, []);

  useSocketEvent(
    'goal.pushed',
    useCallback((event) => {
      if (!waiting.current) return;
      waiting.current.push(event.push.data);
      setGoalArrived(true);
    }, []),
  );

  const takeArrivedGoals = useCallback(() => {
    const arrived = waiting.current ?? [];
    waiting.current = null;
    return arrived;
  }, []);

  if (!goalArrived) return null;
  return (
    <Suspense fallback={null}>
      <GoalPopupStack takeArrivedGoals={takeArrivedGoals} />
    </Suspense>
  );
}
