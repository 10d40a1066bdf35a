import { render } from '@testing-library/react';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SiteSocketProvider, type SiteSocketActor } from '../realtime/site-socket.tsx';
import { SocketSessionGone } from './socket-session-gone.tsx';

/** A socket that only emits: enough to see what the shell does with a pushed event. */
function emittingSocket() {
  const listeners = new Map<string, Set<() => void>>();
  const socket = {
    on(type: string, listener: () => void) {
      const forType = listeners.get(type) ?? new Set();
      forType.add(listener);
      listeners.set(type, forType);
      return { unsubscribe: () => forType.delete(listener) };
    },
  };
  const emit = (type: string) => listeners.get(type)?.forEach((listener) => listener());
  return { socket: socket as unknown as SiteSocketActor, emit, listening: (type: string) => listeners.get(type)?.size ?? 0 };
}

describe('a session the server ends over the socket', () => {
  it('is told to the session as a 700 answer, and only while the shell is mounted', () => {
    const { socket, emit, listening } = emittingSocket();
    const send = vi.fn();
    const { unmount } = render(
      <SiteSocketProvider socket={socket}>
        <SocketSessionGone session={{ send }} />
      </SiteSocketProvider>,
    );
    act(() => emit('goal.pushed'));
    expect(send).not.toHaveBeenCalled();
    act(() => emit('session.gone'));
    expect(send).toHaveBeenCalledExactlyOnceWith({ type: 'response.failed', code: 700, msg: '' });
    unmount();
    expect(listening('session.gone')).toBe(0);
  });
});
