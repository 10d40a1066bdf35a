import type { Meta, StoryObj } from '@storybook/react-vite';
import { MemoryRouter } from 'react-router-dom';
import { expect } from 'storybook/test';
import type { EventObject } from 'xstate';
import { heldAnswers, registeredSiteSocket, storyClock, storyServer, withStoryServer } from '../../../api/story-server.ts';
import zh from '../../../i18n/messages/zh.json';
import { rejoinStepMs, type ChatStanding } from '../../../machines/room-chat-machine.ts';
import { pathStories, screen, storyServerOf } from '../../../machines/path-story.ts';
import { MessagingProvider, noMessaging } from '../../../realtime/messaging-context.tsx';
import type { ImMessage, MessagingPort } from '../../../realtime/messaging-port.ts';
import { SiteSocketProvider } from '../../../realtime/site-socket.tsx';
import { asLoggedInViewer } from '../directory/directory-story-session.ts';
import { RoomChatPanel } from './room-chat-panel.tsx';

// The room chat machine's shortest paths (`npm run paths -- room-chat`), each a story: a logged-in
// viewer in room 7, the join and each sent line held by the story's messaging until the path says how
// they end, the viewer's standing answered by the story server, the words typed and sent, and a
// kick-out pushed through the site socket as the server pushes it; the chat checked at every state.

const roomId = 7;
const groupID = 'live7';
const conversationID = `GROUP${groupID}`;

/** The room's messaging and server for one story. */
function fakeRoom() {
  const joins = heldAnswers<{ onlineCount: number; lastSequence: number }>();
  const sends = heldAnswers<ImMessage>();
  const standing: ChatStanding = { muted: false, kicked: false };
  const port: MessagingPort = {
    ...noMessaging,
    whenLoggedIn: async () => '7',
    joinGroup: () => joins.next(),
    leaveGroup: async () => undefined,
    getHistory: async () => ({ messages: [], isCompleted: true }),
    sendText: () => sends.next(),
    // Nobody else speaks in the story's room.
    subscribe: () => () => undefined,
  };
  const http = storyServer({
    '/api/Live/getUserStatus': () => ({ is_taboo: standing.muted ? 1 : 0, is_manager: 0, is_guard: 0, is_kicked: standing.kicked ? 1 : 0 }),
  });
  const socket = registeredSiteSocket(7);
  // A failed join's retry runs on the story's clock: the failure stays on screen while it is looked at.
  return { port, http, socket, joins, sends, standing, clock: storyClock([rejoinStepMs]) };
}

type FakeRoom = ReturnType<typeof fakeRoom>;

/** The line the server stores for what the viewer sent. */
const stored = (text: string): ImMessage => ({
  ID: '101',
  clientMsgID: 'c101',
  conversationID,
  conversationType: 'GROUP',
  from: '7',
  to: groupID,
  nick: '球迷小王',
  avatar: '',
  time: 1_764_000_000,
  sequence: 1,
  type: 'TIMTextElem',
  payload: { text },
});

function ChatInRoom({ room }: { room: FakeRoom }) {
  return (
    <MemoryRouter initialEntries={[`/live?id=${String(roomId)}`]}>
      <SiteSocketProvider socket={room.socket}>
        <MessagingProvider port={room.port}>
          <div style={{ height: 460, width: 320, display: 'flex', flexDirection: 'column' }}>
            <RoomChatPanel roomId={roomId} groupID={groupID} />
          </div>
        </MessagingProvider>
      </SiteSocketProvider>
    </MemoryRouter>
  );
}

const meta = {
  title: 'live/RoomChatPanel/Machine paths',
  component: ChatInRoom,
  render: (_args, { parameters }) => <ChatInRoom room={storyServerOf<FakeRoom>(parameters)} />,
  decorators: [withStoryServer((room: FakeRoom) => room.http.fetch)],
  beforeEach: ({ parameters }) => {
    const loggedOut = asLoggedInViewer();
    const uninstall = storyServerOf<FakeRoom>(parameters).clock.install();
    return () => {
      uninstall();
      loggedOut();
    };
  },
} satisfies Meta<typeof ChatInRoom>;

export default meta;
type Story = StoryObj<typeof meta>;

const input = () => screen.getByRole('textbox', { name: zh['roomChat.input'] });
const send = () => screen.getByRole('button', { name: zh['roomChat.send'] });
const log = () => screen.getByRole('log', { name: zh['roomChat.messages'] });
const note = (id: 'roomChat.joining' | 'roomChat.joinFailed' | 'roomChat.muted' | 'roomChat.kicked') => () =>
  expect(screen.getByText(zh[id], { exact: false })).toBeVisible();

const paths = pathStories<Story, FakeRoom>('room-chat', {
  server: fakeRoom,
  driver: (room, { userEvent }) => ({
    gestures: {
      'xstate.done.actor.joinRoom': async (event) => {
        Object.assign(room.standing, (event as EventObject & { output: ChatStanding }).output);
        await room.joins.resolve({ onlineCount: 1287, lastSequence: 0 });
      },
      'xstate.error.actor.joinRoom': () => room.joins.reject(new Error('The chat did not answer')),
      'chat.send': async (event) => {
        await userEvent.type(input(), (event as EventObject & { text: string }).text);
        await userEvent.click(send());
      },
      'xstate.done.actor.sendMessage': () => room.sends.resolve(stored('好球！')),
      'xstate.error.actor.sendMessage': () => room.sends.reject(new Error('The chat did not answer')),
      'chat.retry': async () => userEvent.click(screen.getByRole('button', { name: zh['roomChat.retry'] })),
      'chat.discard': async () => userEvent.click(screen.getByRole('button', { name: zh['roomChat.discard'] })),
      'xstate.after.rejoin': () => room.clock.fire(rejoinStepMs),
      'room.kicked': async () => room.socket.send({ type: 'socket.message', message: { code: 300, type: 'live_kickout', room_id: roomId } }),
    },
    screens: {
      joining: () => {
        note('roomChat.joining')();
        expect(send()).toBeDisabled();
      },
      joinFailed: () => {
        note('roomChat.joinFailed')();
        expect(screen.getByRole('button', { name: zh['roomChat.retry'] })).toBeVisible();
      },
      'joined.ready': () => {
        expect(screen.getByText('1287 人在线')).toBeVisible();
        expect(input()).toBeEnabled();
        expect(send()).toBeEnabled();
      },
      // The words wait in the box while they are on their way; the button cannot send them twice.
      'joined.sending': () => {
        expect(input()).toHaveValue('好球！');
        expect(send()).toBeDisabled();
      },
      'joined.sendFailed': () => {
        expect(screen.getByRole('alert')).toHaveTextContent('The chat did not answer');
        expect(screen.getByRole('button', { name: zh['roomChat.discard'] })).toBeVisible();
      },
      'joined.muted': () => {
        note('roomChat.muted')();
        expect(input()).toBeDisabled();
      },
      kicked: () => {
        note('roomChat.kicked')();
        expect(input()).toBeDisabled();
        expect(log()).toBeVisible();
      },
    },
  }),
});

export const Joining = paths.storyOf('joining');
export const JoinFailed = paths.storyOf('joinFailed');
export const JoinedReady = paths.storyOf('joined.ready');
export const JoinedMuted = paths.storyOf('joined.muted');
export const Kicked = paths.storyOf('kicked');
export const JoinedSending = paths.storyOf('joined.sending');
export const JoinedSendFailed = paths.storyOf('joined.sendFailed');
export const EveryPathHasAStory = paths.everyPathHasAStory();
