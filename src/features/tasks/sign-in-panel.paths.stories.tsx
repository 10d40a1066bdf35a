import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { storyServer, withStoryServer, type StoryServer } from '../../api/story-server.ts';
import type { SignInBoard } from '../../machines/sign-in-machine.ts';
import { pathStories, screen } from '../../machines/path-story.ts';
import zh from '../../i18n/messages/zh.json';
import { SignInPanel } from './sign-in-panel.tsx';

// The sign-in machine's shortest paths (`npm run paths -- sign-in`), each a story: the panel's board
// and its sign-in are held by the fake server until the path says it answers, the button clicked when
// the path clicks, the panel checked at every state.

const board: SignInBoard & { sign_days: number; tasks: [] } = {
  is_sign: 0,
  today: 3,
  coins: 120,
  sign_days: 2,
  tasks: [],
  days: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, lz_num: day * 10, is_sign: day < 3 ? (1 as const) : (0 as const) })),
};

const boardCall = '/api/Activity/pcSignTaskList';
const signCall = '/api/Activity/task_handle_sign';

function fakeServer() {
  const server = storyServer({ [boardCall]: () => board, [signCall]: () => ({ coins: 150, lz_num: 30 }) });
  server.hold(boardCall);
  server.hold(signCall);
  return server;
}

const meta = {
  title: 'tasks/SignInPanel/Machine paths',
  component: SignInPanel,
  decorators: [withStoryServer((server: StoryServer) => server.fetch)],
} satisfies Meta<typeof SignInPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

const signIn = () => screen.getByRole('button', { name: zh['signIn.button'] });
const heading = () => expect(screen.getByRole('heading', { name: zh['signIn.title'] })).toBeVisible();

const paths = pathStories<Story, StoryServer>('sign-in', {
  server: fakeServer,
  driver: (server, { userEvent }) => ({
    gestures: {
      'xstate.done.actor.loadBoard': () => server.answer(boardCall),
      'xstate.error.actor.loadBoard': () => server.refuse(boardCall),
      'signin.click': async () => userEvent.click(await screen.findByRole('button', { name: zh['signIn.button'] })),
    },
    screens: {
      // Busy until the board comes: nothing to sign in to yet.
      loading: () => {
        heading();
        expect(signIn()).toBeDisabled();
        expect(screen.queryByRole('listitem')).toBeNull();
      },
      'ready.unsigned': () => {
        heading();
        expect(signIn()).toBeEnabled();
        expect(screen.getAllByRole('listitem')).toHaveLength(board.days.length);
        expect(screen.getByTestId('coins')).toHaveTextContent('120');
      },
      'ready.signing': () => {
        heading();
        expect(signIn()).toBeDisabled();
        expect(screen.getAllByRole('listitem')).toHaveLength(board.days.length);
        expect(server.calls(signCall)).toBe(1);
      },
      failed: () => {
        heading();
        expect(screen.getByRole('button', { name: zh['error.generic'] })).toBeEnabled();
        expect(screen.queryByRole('button', { name: zh['signIn.button'] })).toBeNull();
      },
    },
  }),
});

export const Loading = paths.storyOf('loading');
export const ReadyUnsigned = paths.storyOf('ready.unsigned');
export const Failed = paths.storyOf('failed');
export const ReadySigning = paths.storyOf('ready.signing');
export const EveryPathHasAStory = paths.everyPathHasAStory();
