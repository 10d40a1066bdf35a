import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { withAllMessages } from '../../i18n/load-messages.ts';
import { useSocketEvent } from '../../realtime/site-socket.tsx';
import type { ArrivedAlert } from './live-alerts.tsx';

// The notices' look, texts and browser notifications are not part of the first page: they load with the first alert.
const LiveAlertStack = lazy(() => withAllMessages(import('./live-alerts.tsx')).then((module) => ({ default: module.LiveAlertStack })));

/** The most notices shown at once; older ones give way. */
const mostShown = 3;

/**
 * The site's live alerts, on every page: an anchor I follow went on air, a match I reserved kicked off. They come
 * over the site socket, which registers again whenever the logged-in user changes (src/realtime/site-socket.tsx),
 * so the server knows whom it serves; a browser notification goes with each where allowed. Alerts that arrive
 * while the notices' code loads wait here.
 */
export function LiveAlertHost() {
  const [notices, setNotices] = useState<ArrivedAlert[]>([]);
  const nextKey = useRef(0);
  const close = useCallback((key: number) => setNotices((shown) => shown.filter((notice) => notice.key !== key)), []);

  useSocketEvent(
    'live.alert',
    useCallback((event) => {
      const key = nextKey.current++;
      setNotices((shown) => [...shown, { key, alert: event.alert }].slice(-mostShown));
    }, []),
  );

  if (notices.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <LiveAlertStack notices={notices} onClose={close} />
    </Suspense>
  );
}
