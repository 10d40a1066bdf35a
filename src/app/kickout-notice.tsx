import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useMessage } from '../i18n/use-message.ts';
import { onKickout } from '../realtime/room-kickout.ts';
import { link } from '../routes.ts';
import { Toast } from '../ui/toast.tsx';

/** How long the notice stays, as the session's toasts do (DESIGN.md, Requests). */
const noticeMs = 5000;

/** SPEC §4: a viewer kicked out of a room goes to /anchor?type=0 and is told why. */
export function KickoutNotice() {
  const t = useMessage();
  const navigate = useNavigate();
  const [shown, setShown] = useState(0);
  useEffect(
    () =>
      onKickout(() => {
        void navigate(link('anchor', { type: 0 }), { replace: true });
        setShown((count) => count + 1);
      }),
    [navigate],
  );
  useEffect(() => {
    if (shown === 0) return;
    const timer = setTimeout(() => setShown(0), noticeMs);
    return () => clearTimeout(timer);
  }, [shown]);
  if (shown === 0) return null;
  return <Toast tone="warning" message={t('roomChat.kickedNotice')} onClose={() => setShown(0)} closeLabel={t('common.close')} />;
}
