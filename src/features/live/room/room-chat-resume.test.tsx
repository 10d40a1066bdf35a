import { act, render, screen, waitFor, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it, vi } from 'vitest';
import { loadMessages } from '../../../i18n/load-messages.ts';
import { MessagingProvider, noMessaging } from '../../../realtime/messaging-context.tsx';
import type { ImMessage, MessagingEvent, MessagingPort } from '../../../realtime/messaging-port.ts';
import type { RoomChatMessage } from '../../../realtime/use-room-chat.ts';
import { DirectoryStoryProviders } from '../directory/directory-story-api.tsx';
import { RoomChatPanel } from './room-chat-panel.tsx';

// A room's chat after its connection drops and comes back (to any server process): it joins again from the last
// line it holds; the lines said meanwhile come replayed after the join, each once and in order, and are not flown
// as danmaku; when the server no longer holds them it says resync and the chat reads them from the database.

const conversationID = 'GROUPlive7';

function line(sequence: number, text: string, gift = false): ImMessage {
  const base = {
    ID: String(sequence),
    clientMsgID: `c${String(sequence)}`,
    conversationID,
    conversationType: 'GROUP' as const,
    from: String(300 + sequence),
    to: 'live7',
    nick: `fan ${String(sequence)}`,
    avatar: '',
    time: 1_764_000_000 + sequence,
    sequence,
  };
  if (!gift) return { ...base, type: 'TIMTextElem', payload: { text } };
  const notice = {
    kind: 'gift',
    record_id: sequence,
    gift_id: 8,
    gift_name: text,
    gift_name_en: text,
    icon: '/media/gifts/rose.svg',
    effect: 'small',
    animation_url: null,
    count: 1,
    combo: 1,
    total_price: 1,
    anchor_uid: 2,
    room_id: 7,
  };
  return { ...base, type: 'TIMCustomElem', payload: { data: JSON.stringify(notice), description: text, extension: 'gift' } };
}

/**
 * The room's messaging as a server process and its shared history would answer a guest: the room's stored lines,
 * a join that replays after `afterSequence` (what the process's own socket does) unless `historyLost`, and a
 * sync from the database. The test stores lines and drops and restores the connection.
 */
function roomServer(initial: ImMessage[]) {
  const stored = [...initial];
  const listeners = new Set<(event: MessagingEvent) => void>();
  const state = { connected: true, historyLost: false };
  const emit = (event: MessagingEvent) => listeners.forEach((listener) => listener(event));
  const port: MessagingPort = {
    ...noMessaging,
    whenLoggedIn: async () => 'guest_1',
    joinGroup: vi.fn(async (_groupID: string, afterSequence?: number) => {
      const last = stored.at(-1)?.sequence ?? 0;
      if (afterSequence === undefined || afterSequence >= last) return { onlineCount: 5, lastSequence: last };
      if (state.historyLost) return { onlineCount: 5, lastSequence: last, resync: true as const };
      // Pushed right after the answer, before anything newer, as the socket does.
      const missed = stored.filter((message) => message.sequence > afterSequence);
      setTimeout(() => act(() => missed.forEach((message) => emit({ type: 'message', message, replayed: true }))), 0);
      return { onlineCount: 5, lastSequence: last };
    }),
    getHistory: vi.fn(async () => ({ messages: stored.slice(-15), isCompleted: true })),
    syncMessages: vi.fn(async (_conversationID: string, afterSequence: number) => {
      const after = stored.filter((message) => message.sequence > afterSequence);
      return { messages: after.slice(0, 2), isCompleted: after.length <= 2 };
    }),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return {
    port,
    state,
    /** A line stored and pushed to the tab if it is connected. */
    say(message: ImMessage) {
      stored.push(message);
      if (state.connected) act(() => emit({ type: 'message', message }));
    },
    drop() {
      state.connected = false;
      act(() => emit({ type: 'disconnected' }));
    },
    reconnect() {
      state.connected = true;
      act(() => emit({ type: 'reconnected' }));
    },
    /** A copy of a line pushed again, as two paths can deliver one line. */
    pushAgain(message: ImMessage) {
      act(() => emit({ type: 'message', message }));
    },
  };
}

async function renderChat(port: MessagingPort, onMessages: (lines: readonly RoomChatMessage[]) => void, onGift?: (line: RoomChatMessage) => void) {
  render(
    <IntlProvider locale="en" messages={await loadMessages('en')}>
      <DirectoryStoryProviders path="/live/7">
        <MessagingProvider port={port}>
          <RoomChatPanel roomId={7} groupID="live7" onMessages={onMessages} onGift={onGift} />
        </MessagingProvider>
      </DirectoryStoryProviders>
    </IntlProvider>,
  );
  return screen.findByRole('log', { name: 'Chat messages' });
}

const shown = (log: HTMLElement) => [...log.querySelectorAll('li[data-sequence]')].map((item) => Number(item.getAttribute('data-sequence')));

describe('room chat: resuming after a reconnect', () => {
  it('joins again from the last line held and appends the 3 lines missed, in order, once, not as danmaku', async () => {
    const server = roomServer([line(1, 'kick-off'), line(2, 'come on')]);
    const onMessages = vi.fn<(lines: readonly RoomChatMessage[]) => void>();
    const onGift = vi.fn<(line: RoomChatMessage) => void>();
    const log = await renderChat(server.port, onMessages, onGift);
    await waitFor(() => expect(shown(log)).toEqual([1, 2]));
    server.say(line(3, 'what a save'));
    await waitFor(() => expect(shown(log)).toEqual([1, 2, 3]));

    server.drop();
    server.say(line(4, 'goal!'));
    server.say(line(5, 'a rocket', true));
    server.say(line(6, 'top corner'));
    server.reconnect();
    await waitFor(() => expect(shown(log)).toEqual([1, 2, 3, 4, 5, 6]));
    expect(server.port.joinGroup).toHaveBeenLastCalledWith('live7', 3);
    expect(server.port.getHistory).toHaveBeenCalledTimes(1);
    expect(server.port.syncMessages).not.toHaveBeenCalled();
    expect(within(log).getByText('goal!')).toBeInTheDocument();
    const lines = onMessages.mock.lastCall![0];
    // Said while the tab was away: read, not heard live; the gift's effect is not played late.
    expect(lines.map((message) => [message.sequence, message.live])).toEqual([
      [1, false],
      [2, false],
      [3, true],
      [4, false],
      [5, false],
      [6, false],
    ]);
    expect(onGift).not.toHaveBeenCalled();

    // Heard live again after the resume.
    server.say(line(7, 'second half', true));
    await waitFor(() => expect(shown(log)).toEqual([1, 2, 3, 4, 5, 6, 7]));
    expect(onGift).toHaveBeenCalledTimes(1);
    expect(onGift.mock.lastCall![0]).toMatchObject({ sequence: 7, live: true });
  });

  it('drops a line delivered twice, and resumes from the newest line held in order', async () => {
    const server = roomServer([line(1, 'kick-off')]);
    const onMessages = vi.fn<(lines: readonly RoomChatMessage[]) => void>();
    const onGift = vi.fn<(line: RoomChatMessage) => void>();
    const log = await renderChat(server.port, onMessages, onGift);
    await waitFor(() => expect(shown(log)).toEqual([1]));
    const gift = line(2, 'a rocket', true);
    server.say(gift);
    await waitFor(() => expect(shown(log)).toEqual([1, 2]));
    server.pushAgain(gift);
    server.pushAgain(line(1, 'kick-off'));
    expect(shown(log)).toEqual([1, 2]);
    expect(onGift).toHaveBeenCalledTimes(1);

    server.drop();
    server.say(line(3, 'offside'));
    server.reconnect();
    await waitFor(() => expect(shown(log)).toEqual([1, 2, 3]));
    expect(server.port.joinGroup).toHaveBeenLastCalledWith('live7', 2);
    // The replay and a late push of the same line: still once.
    server.pushAgain(line(3, 'offside'));
    expect(shown(log)).toEqual([1, 2, 3]);
    expect(onMessages.mock.lastCall![0].filter((message) => message.sequence === 3)).toHaveLength(1);
  });

  it('reads the missed lines from the database, page by page, when the server says resync', async () => {
    const server = roomServer([line(1, 'kick-off'), line(2, 'come on')]);
    const onMessages = vi.fn<(lines: readonly RoomChatMessage[]) => void>();
    const log = await renderChat(server.port, onMessages);
    await waitFor(() => expect(shown(log)).toEqual([1, 2]));

    server.drop();
    for (const sequence of [3, 4, 5]) server.say(line(sequence, `away ${String(sequence)}`));
    server.state.historyLost = true;
    server.reconnect();
    await waitFor(() => expect(shown(log)).toEqual([1, 2, 3, 4, 5]));
    expect(server.port.joinGroup).toHaveBeenLastCalledWith('live7', 2);
    // Two lines a page in this server: from the last held, then from the last read.
    expect(vi.mocked(server.port.syncMessages).mock.calls).toEqual([
      [conversationID, 2],
      [conversationID, 4],
    ]);
    expect(server.port.getHistory).toHaveBeenCalledTimes(1);
    expect(onMessages.mock.lastCall![0].map((message) => message.live)).toEqual([false, false, false, false, false]);

    // The next reconnect resumes after what the sync read.
    server.state.historyLost = false;
    server.drop();
    server.say(line(6, 'full time'));
    server.reconnect();
    await waitFor(() => expect(shown(log)).toEqual([1, 2, 3, 4, 5, 6]));
    expect(server.port.joinGroup).toHaveBeenLastCalledWith('live7', 5);
  });
});
