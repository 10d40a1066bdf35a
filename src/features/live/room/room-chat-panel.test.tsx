import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { describe, expect, it, vi } from 'vitest';
import { loadMessages } from '../../../i18n/load-messages.ts';
import { MessagingProvider, noMessaging } from '../../../realtime/messaging-context.tsx';
import { MessagingRefusal, type ImMessage, type MessagingEvent, type MessagingPort } from '../../../realtime/messaging-port.ts';
import type { RoomChatMessage } from '../../../realtime/use-room-chat.ts';
import { DirectoryStoryProviders } from '../directory/directory-story-api.tsx';
import { RoomChatPanel } from './room-chat-panel.tsx';

// Deleting a chat line: the room's moderators get a delete action on each line beside mute and
// kick; a line deleted, by them or by another moderator anywhere, shows as deleted for everyone and flies no more.

const conversationID = 'GROUPlive7';

function message(id: number, nick: string, text: string, badge?: ImMessage['badge']): ImMessage {
  return {
    ID: String(id),
    clientMsgID: `c${String(id)}`,
    conversationID,
    conversationType: 'GROUP',
    from: String(200 + id),
    to: 'live7',
    nick,
    avatar: '',
    time: 1_764_000_000 + id,
    sequence: id,
    type: 'TIMTextElem',
    payload: { text },
    ...(badge ? { badge } : {}),
  };
}

const history = [message(1, '老K看球', '欢迎来到直播间', 'anchor'), message(2, '路人甲', '刷屏广告 加群领福利'), message(3, '看球的猫', '主队必胜')];

/** The room's messaging as the panel sees it: a guest in room 7, whose pushes the test makes. */
function roomMessaging(refuse = false) {
  const listeners = new Set<(event: MessagingEvent) => void>();
  const port: MessagingPort = {
    ...noMessaging,
    whenLoggedIn: async () => 'guest_1',
    joinGroup: async () => ({ onlineCount: 12, lastSequence: history.length }),
    getHistory: async () => ({ messages: history, isCompleted: true }),
    revokeMessage: vi.fn(async () => {
      if (refuse) throw new MessagingRefusal("Only the room's anchor and managers may delete messages", 'not_manager');
    }),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const push = (event: MessagingEvent) => act(() => listeners.forEach((listener) => listener(event)));
  return { port, push };
}

async function renderChat(port: MessagingPort, canModerate: boolean, onMessages?: (lines: readonly RoomChatMessage[]) => void) {
  render(
    <IntlProvider locale="en" messages={await loadMessages('en')}>
      <DirectoryStoryProviders path="/live/7">
        <MessagingProvider port={port}>
          <RoomChatPanel roomId={7} groupID="live7" canModerate={canModerate} onMessages={onMessages} />
        </MessagingProvider>
      </DirectoryStoryProviders>
    </IntlProvider>,
  );
  return screen.findByRole('log', { name: 'Chat messages' });
}

const lineOf = (log: HTMLElement, text: string) => within(log).getByText(text).closest('li')!;

describe('room chat: deleting a line', () => {
  it("gives a moderator a delete action beside mute and kick on a viewer's line; the line shows as deleted and leaves the danmaku", async () => {
    const { port } = roomMessaging();
    const onMessages = vi.fn<(lines: readonly RoomChatMessage[]) => void>();
    const log = await renderChat(port, true, onMessages);
    const spam = await waitFor(() => lineOf(log, '刷屏广告 加群领福利'));
    const actions = within(spam).getAllByRole('button').map((button) => button.getAttribute('aria-label'));
    expect(actions).toEqual(['Mute 路人甲', 'Kick out 路人甲', "Delete 路人甲's message"]);
    // Nobody moderates the anchor from the chat.
    expect(within(lineOf(log, '欢迎来到直播间')).queryByRole('button')).toBeNull();

    await userEvent.click(within(spam).getByRole('button', { name: "Delete 路人甲's message" }));
    expect(port.revokeMessage).toHaveBeenCalledWith(conversationID, '2');
    await waitFor(() => expect(within(log).queryByText('刷屏广告 加群领福利')).toBeNull());
    const deleted = within(log).getByText('Message deleted');
    expect(deleted.closest('li')).toHaveAttribute('data-sequence', '2');
    expect(within(deleted.closest('li')!).queryByRole('button')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent("路人甲's message was deleted");
    const lastLines = onMessages.mock.lastCall![0];
    expect(lastLines.find((line) => line.id === '2')).toMatchObject({ revoked: true, text: '' });
  });

  it('shows a line another moderator deleted as deleted, for a viewer without any action', async () => {
    const { port, push } = roomMessaging();
    const log = await renderChat(port, false);
    await waitFor(() => lineOf(log, '主队必胜'));
    expect(within(log).queryAllByRole('button')).toEqual([]);
    push({ type: 'revoked', conversationID, messageID: '3', sequence: 3 });
    await waitFor(() => expect(within(log).queryByText('主队必胜')).toBeNull());
    expect(within(log).getByText('Message deleted').closest('li')).toHaveAttribute('data-sequence', '3');
    // Another room's deletion is not this room's.
    push({ type: 'revoked', conversationID: 'GROUPlive8', messageID: '2', sequence: 2 });
    expect(within(log).getByText('刷屏广告 加群领福利')).toBeInTheDocument();
  });

  it("keeps the line and says why when the server refuses the deletion", async () => {
    const { port } = roomMessaging(true);
    const log = await renderChat(port, true);
    const spam = await waitFor(() => lineOf(log, '刷屏广告 加群领福利'));
    await userEvent.click(within(spam).getByRole('button', { name: "Delete 路人甲's message" }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent("Only the room's anchor and managers may delete messages"));
    expect(within(log).getByText('刷屏广告 加群领福利')).toBeInTheDocument();
    expect(within(log).queryByText('Message deleted')).toBeNull();
  });

  it('marks the history read on entering as said before the viewer came, and what is pushed afterwards as live (only that flies as danmaku)', async () => {
    const { port, push } = roomMessaging();
    const onMessages = vi.fn<(lines: readonly RoomChatMessage[]) => void>();
    const log = await renderChat(port, false, onMessages);
    await waitFor(() => lineOf(log, '主队必胜'));
    push({ type: 'message', message: message(4, '球迷小王', '进球了！') });
    await waitFor(() => lineOf(log, '进球了！'));
    const last = onMessages.mock.calls.at(-1)![0];
    expect(last.map((line) => [line.text, line.live])).toEqual([
      ['欢迎来到直播间', false],
      ['刷屏广告 加群领福利', false],
      ['主队必胜', false],
      ['进球了！', true],
    ]);
  });
});
