import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import type { EventObject } from 'xstate';
import { StoryApiProviders } from '../../api/story-api.tsx';
import { storyServer } from '../../api/story-server.ts';
import type { SignInBoard } from '../../machines/sign-in-machine.ts';
import { pathNamesOf, playPath, type StoryDriver } from '../../machines/path-story.ts';
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

type FakeServer = ReturnType<typeof fakeServer>;

const meta = {
  title: 'tasks/SignInPanel/Machine paths',
  component: SignInPanel,
  decorators: [
    (Story, { parameters }) => (
      <StoryApiProviders fetch={(parameters.server as FakeServer).fetch}>
        <Story />
      </StoryApiProviders>
    ),
  ],
} satisfies Meta<typeof SignInPanel>;

export default meta;
type Story = StoryObj<typeof meta>;
type PlayContext = Parameters<NonNullable<Story['play']>>[0];

const body = within(document.body);

function signInDriver({ userEvent, parameters }: Pick<PlayContext, 'userEvent' | 'parameters'>): StoryDriver {
  const server = parameters.server as FakeServer;
  return {
    act: async (event: EventObject) => {
      if (event.type === 'xstate.done.actor.loadBoard') return server.answer(boardCall);
      if (event.type === 'xstate.error.actor.loadBoard') return server.refuse(boardCall);
      if (event.type === 'signin.click') return userEvent.click(await body.findByRole('button', { name: zh['signIn.button'] }));
      throw new Error(`no gesture for ${event.type}`);
    },
    check: async (state) => {
      await waitFor(
        () => {
          expect(body.getByRole('heading', { name: zh['signIn.title'] })).toBeVisible();
          const signIn = () => body.getByRole('button', { name: zh['signIn.button'] });
          if (state === 'loading') {
            // Busy until the board comes: nothing to sign in to yet.
            expect(signIn()).toBeDisabled();
            expect(body.queryByRole('listitem')).toBeNull();
          } else if (state === 'ready.unsigned') {
            expect(signIn()).toBeEnabled();
            expect(body.getAllByRole('listitem')).toHaveLength(board.days.length);
            expect(body.getByTestId('coins')).toHaveTextContent('120');
          } else if (state === 'ready.signing') {
            expect(signIn()).toBeDisabled();
            expect(body.getAllByRole('listitem')).toHaveLength(board.days.length);
            expect(server.calls(signCall)).toBe(1);
          } else if (state === 'failed') {
            expect(body.getByRole('button', { name: zh['error.generic'] })).toBeEnabled();
            expect(body.queryByRole('button', { name: zh['signIn.button'] })).toBeNull();
          } else {
            throw new Error(`no check for ${state}`);
          }
        },
        { timeout: 10_000 },
      );
    },
  };
}

const pathStory = (pathName: string): Story => ({
  name: pathName,
  parameters: { server: fakeServer() },
  play: async (context) => playPath('sign-in', pathName, signInDriver(context)),
});

export const Loading = pathStory('loading');
export const ReadyUnsigned = pathStory('ready.unsigned');
export const Failed = pathStory('failed');
export const ReadySigning = pathStory('ready.signing');

export const EveryPathHasAStory: Story = {
  parameters: { screenshot: false, server: fakeServer() },
  play: async () => {
    await expect(pathNamesOf('sign-in').sort()).toEqual(['failed', 'loading', 'ready.signing', 'ready.unsigned'].sort());
  },
};
