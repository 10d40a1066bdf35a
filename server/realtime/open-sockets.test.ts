import { describe, expect, it } from 'vitest';
import { OpenSockets } from './open-sockets.ts';

function fakeSocket() {
  const socket = {
    closed: null as { code: number; at: number } | null,
    close(code: number) {
      socket.closed = { code, at: Date.now() };
    },
  };
  return socket;
}

describe('the open /im sockets of a stopping process', () => {
  it('asks each to reconnect with 1012 at its own moment within the spread, and turns new ones away', async () => {
    const open = new OpenSockets();
    const sockets = Array.from({ length: 40 }, fakeSocket);
    for (const socket of sockets) expect(open.add(socket)).toBe(true);
    const gone = fakeSocket();
    open.add(gone);
    open.delete(gone);
    const startedAt = Date.now();
    await open.shed(300);
    expect(sockets.every((socket) => socket.closed?.code === 1012)).toBe(true);
    expect(gone.closed).toBeNull();
    const moments = new Set(sockets.map((socket) => Math.floor((socket.closed!.at - startedAt) / 50)));
    // Spread over the time given, not all in one instant.
    expect(moments.size).toBeGreaterThan(2);
    expect(Math.max(...sockets.map((socket) => socket.closed!.at - startedAt))).toBeLessThan(1_000);
    expect(open.size).toBe(0);
    const late = fakeSocket();
    expect(open.add(late)).toBe(false);
    expect(late.closed?.code).toBe(1012);
  });
});
