import type { Meta, StoryObj } from '@storybook/react-vite';
import { MemoryRouter } from 'react-router-dom';
import { expect } from 'storybook/test';
import type { EventObject } from 'xstate';
import { heldAnswers, storyServer, withStoryServer } from '../../api/story-server.ts';
import zh from '../../i18n/messages/zh.json';
import { pathStories, screen, storyServerOf } from '../../machines/path-story.ts';
import { MessagingProvider, noMessaging } from '../../realtime/messaging-context.tsx';
import type { ImConversation, ImMessage, MessagingPort } from '../../realtime/messaging-port.ts';
import { clearStoredUser, notifyStoredUserChanged, writeStoredSession } from '../../realtime/stored-user.ts';
import { ChatPage } from './chat-page.tsx';

// The chat send machine's shortest paths (`npm run paths -- chat-send`), each a story: a conversation
// with 老K opened, the words typed into the composer and sent, and the story's messaging holding each
// message until the path says the server stored it or refused it; the conversation checked at every state.

const conversationID = 'C2C8';

const conversation: ImConversation = {
  conversationID,
  type: 'C2C',
  userProfile: { userID: '8', nick: '老K看球', avatar: '' },
  lastMessage: null,
  unreadCount: 0,
};

/** The member's messaging for one story: one conversation, and each message sent held. */
function fakeMessaging() {
  const stores = heldAnswers<undefined>();
  const port: MessagingPort = {
    ...noMessaging,
    whenLoggedIn: async () => '7',
    getConversations: async () => [conversation],
    getHistory: async () => ({ messages: [], isCompleted: true }),
    markRead: async () => undefined,
    // Stored as sent once the path says the server took it.
    sendMessage: async (to, type, payload, clientMsgID): Promise<ImMessage> => {
      await stores.next();
      return { ID: '301', clientMsgID, conversationID: to, conversationType: 'C2C', from: '7', to: '8', nick: '球迷小王', avatar: '', time: 1_764_000_000, sequence: 1, type, payload };
    },
  };
  // The page's other calls (notices, the address book) have nothing to say here.
  return { port, stores, http: storyServer({}) };
}

type FakeMessaging = ReturnType<typeof fakeMessaging>;

function ChatWithMessaging({ messaging }: { messaging: FakeMessaging }) {
  return (
    <MemoryRouter initialEntries={['/chat-chat']}>
      <MessagingProvider port={messaging.port}>
        <ChatPage title={zh['route.chatChat']} />
      </MessagingProvider>
    </MemoryRouter>
  );
}

function asLoggedInMember() {
  writeStoredSession({
    token: 'story-token',
    id: 7,
    userSig: 'story-sig',
    profile: { id: 7, user_nickname: '球迷小王', avatar: '', balance: 5000, exp_icon: '', is_anchor: 0 },
  });
  notifyStoredUserChanged();
  return () => {
    clearStoredUser();
    notifyStoredUserChanged();
  };
}

const meta = {
  title: 'chat/ChatPage/Machine paths',
  component: ChatWithMessaging,
  render: (_args, { parameters }) => <ChatWithMessaging messaging={storyServerOf<FakeMessaging>(parameters)} />,
  decorators: [withStoryServer((messaging: FakeMessaging) => messaging.http.fetch)],
  beforeEach: asLoggedInMember,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof ChatWithMessaging>;

export default meta;
type Story = StoryObj<typeof meta>;

const composer = () => screen.getByRole('textbox', { name: zh['chat.placeholder'] });
const send = () => screen.getByRole('button', { name: zh['chat.send'] });
const messages = () => screen.getByRole('list', { name: zh['chat.messages'] });

const paths = pathStories<Story, FakeMessaging>('chat-send', {
  server: fakeMessaging,
  // The composer belongs to an open conversation.
  before: async (_messaging, { userEvent }) => userEvent.click(await screen.findByRole('button', { name: /老K看球/ }, { timeout: 10_000 })),
  driver: (messaging, { userEvent }) => ({
    gestures: {
      'draft.changed': async (event) => userEvent.type(composer(), (event as EventObject & { text: string }).text),
      'draft.send': async () => userEvent.click(send()),
      'send.stored': () => messaging.stores.resolve(undefined),
      'send.failed': (event) => messaging.stores.reject(new Error((event as EventObject & { reason: string }).reason)),
    },
    screens: {
      composing: () => {
        expect(messages()).toBeVisible();
        expect(composer()).toBeEnabled();
        expect(screen.queryByText(zh['chat.sending'])).toBeNull();
      },
      // On its way: shown as mine with its state, the composer clear for the next one.
      sending: () => {
        expect(messages()).toHaveTextContent('你好');
        expect(screen.getByText(zh['chat.sending'])).toBeVisible();
        expect(composer()).toHaveValue('');
        expect(send()).toBeDisabled();
      },
      sent: () => {
        expect(messages()).toHaveTextContent('你好');
        expect(screen.queryByText(zh['chat.sending'])).toBeNull();
        expect(screen.getByText(zh['chat.unread'])).toBeVisible();
      },
      failed: () => {
        expect(screen.getByText('Network error')).toBeVisible();
        expect(screen.getByRole('button', { name: zh['chat.retry'] })).toBeVisible();
      },
    },
  }),
});

export const Composing = paths.storyOf('composing');
export const Sending = paths.storyOf('sending');
export const Sent = paths.storyOf('sent');
export const Failed = paths.storyOf('failed');
export const EveryPathHasAStory = paths.everyPathHasAStory();
