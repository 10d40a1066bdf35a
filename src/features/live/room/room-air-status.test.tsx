import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { roomRefreshMs, useRoomInfo } from '../../../api/queries/live.ts';
import type { components } from '../../../api/schema.d.ts';
import { okAnswer, StoryApiProviders } from '../../../api/story-api.tsx';
import { MessagingProvider, noMessaging } from '../../../realtime/messaging-context.tsx';
import type { MessagingEvent, MessagingPort } from '../../../realtime/messaging-port.ts';
import { roomFiguresRefreshMs, useRoomAirStatus } from './room-air-status.ts';

type LiveRoomInfo = components['schemas']['LiveRoomInfo'];

const room = (status: 'in_progress' | 'over'): LiveRoomInfo => ({
  room: {
    id: 9,
    title: '真实推流',
    cover: '',
    anchor: { id: 31, user_nickname: '主播', avatar: '', exp_icon: '', is_anchor: 1 },
    status,
    type: 1,
    category: { id: 1, name: '英超', name_en: 'Premier League', type: 1 },
    viewers: 0,
    heat: 0,
    placard: '',
    stream: { original: '/hls/9/original.m3u8' },
    is_reserve: 0,
    is_attention: 0,
  },
  anchor_stats: { fans: 1, guard_count: 0, level: 1, signature: '' },
  viewer: { is_taboo: 0, is_manager: 0, is_guard: 0 },
  chat_group_id: 'live9',
});

function AirStatus() {
  const refresh = useRoomAirStatus(9);
  const info = useRoomInfo(9, refresh);
  return (
    <p data-testid="room" data-refresh={refresh()}>
      {info.data?.room.status ?? 'loading'} {info.data?.room.start_time ?? ''}
    </p>
  );
}

/** The room page's status against a server that still says `over`, and a messaging port whose pushes the test makes. */
function renderStatus(pushesRoomStatus: boolean) {
  const listeners = new Set<(event: MessagingEvent) => void>();
  const port: MessagingPort = {
    ...noMessaging,
    pushesRoomStatus,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  // `held`: the server's answers wait until released, so what the page shows meanwhile is the push's doing.
  const server = { info: room('over'), reads: 0, held: null as Promise<void> | null };
  const fetch = async (request: Request) => {
    if (new URL(request.url).pathname !== '/api/Live_streaming/getRoomInfo') return okAnswer(null);
    server.reads += 1;
    if (server.held) await server.held;
    return okAnswer(server.info);
  };
  render(
    <StoryApiProviders fetch={fetch}>
      <MessagingProvider port={port}>
        <AirStatus />
      </MessagingProvider>
    </StoryApiProviders>,
  );
  const push = (event: MessagingEvent) => act(() => listeners.forEach((listener) => listener(event)));
  return { server, push };
}

const shown = () => screen.getByTestId('room');

describe("a room page's air status", () => {
  it('goes on and off air the moment the room says so, and reads the room slowly meanwhile', async () => {
    const { server, push } = renderStatus(true);
    await waitFor(() => expect(shown()).toHaveTextContent('over'));
    expect(shown()).toHaveAttribute('data-refresh', String(roomFiguresRefreshMs));

    let release = () => undefined as void;
    server.held = new Promise((resolve) => (release = resolve));
    push({ type: 'roomStatus', status: { type: 'room_status', conversationID: 'GROUPlive9', room_id: 9, status: 'in_progress', start_time: 1_800_000_000 } });
    await waitFor(() => expect(shown()).toHaveTextContent('in_progress 1800000000'));
    // Another room's status is not this one's.
    push({ type: 'roomStatus', status: { type: 'room_status', conversationID: 'GROUPlive10', room_id: 10, status: 'over' } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(shown()).toHaveTextContent('in_progress 1800000000');
    // The room is read again for the rest of its figures.
    expect(server.reads).toBe(2);
    server.info = room('in_progress');
    release();
    server.held = null;
    await waitFor(() => expect(shown().textContent?.trim()).toBe('in_progress'));

    server.info = room('over');
    push({ type: 'roomStatus', status: { type: 'room_status', conversationID: 'GROUPlive9', room_id: 9, status: 'over' } });
    await waitFor(() => expect(shown()).toHaveTextContent('over'));
  });

  it('falls back to reading the room every 30 s while the socket is down, and reads it at once when it is back', async () => {
    const { server, push } = renderStatus(true);
    await waitFor(() => expect(shown()).toHaveTextContent('over'));
    push({ type: 'disconnected' });
    expect(shown()).toHaveAttribute('data-refresh', String(roomRefreshMs));
    server.info = room('in_progress');
    push({ type: 'reconnected' });
    expect(shown()).toHaveAttribute('data-refresh', String(roomFiguresRefreshMs));
    await waitFor(() => expect(shown()).toHaveTextContent('in_progress'));
  });

  it('reads the room every 30 s where the messaging service pushes no status', async () => {
    renderStatus(false);
    await waitFor(() => expect(shown()).toHaveTextContent('over'));
    expect(shown()).toHaveAttribute('data-refresh', String(roomRefreshMs));
  });
});
