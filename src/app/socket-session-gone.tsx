import { useCallback } from 'react';
import { useSocketEvent } from '../realtime/site-socket.tsx';
import { sessionGoneCode, type SessionEvent } from '../machines/session-machine.ts';

/** A 700 the server pushes over the socket (SPEC §4) counts as a 700 answer to a call. */
export function SocketSessionGone({ session }: { session: { send: (event: SessionEvent) => void } }) {
  const tellSession = useCallback(() => session.send({ type: 'response.failed', code: sessionGoneCode, msg: '' }), [session]);
  useSocketEvent('session.gone', tellSession);
  return null;
}
