import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { heldAnswers, withStoryServer } from '../../api/story-server.ts';
import { pathStories, screen, storyServerOf, type PathPlayContext } from '../../machines/path-story.ts';
import zh from '../../i18n/messages/zh.json';
import { LoginDialog } from './login-dialog.tsx';
import { loginStoryServer, stubbedLoginMachine } from './login-story-server.ts';

// The SMS countdown machine's shortest paths (`npm run paths -- sms-countdown`), each a story: the
// dialog's register form (a phone typed, the human check passed) is where the countdown shows; the
// code request is held until the path says the server answers, and the button is checked at each state.

function fakeServer() {
  const codes = heldAnswers<undefined>();
  const machine = stubbedLoginMachine({
    fetchQr: async () => ({ code: 'story-code', qr_secret: 'story-secret', img: '' }),
    requestCode: () => codes.next(),
    submitPhone: async () => null,
  });
  return { machine, codes, http: loginStoryServer() };
}

type FakeServer = ReturnType<typeof fakeServer>;

const meta = {
  title: 'account/LoginDialog/SMS countdown machine paths',
  component: LoginDialog,
  args: { open: true, onClose: fn(), onLoggedIn: fn() },
  render: (args, { parameters }) => <LoginDialog {...args} machine={storyServerOf<FakeServer>(parameters).machine} />,
  decorators: [withStoryServer((server: FakeServer) => server.http.fetch)],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof LoginDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Where the countdown lives: the register form with a phone typed and the human check passed. */
async function openRegisterForm({ userEvent }: Pick<PathPlayContext<Story>, 'userEvent'>) {
  await userEvent.click(await screen.findByRole('tab', { name: zh['login.phoneTab'] }, { timeout: 10_000 }));
  await userEvent.click(await screen.findByRole('button', { name: zh['login.toRegister'] }));
  await userEvent.type(screen.getByRole('textbox', { name: zh['login.mobile'] }), '13800000009');
  await userEvent.click(await screen.findByRole('checkbox', { name: zh['altcha.label'] }));
  await screen.findByText(zh['altcha.verified'], {}, { timeout: 10_000 });
}

const getCode = () => screen.getByRole('button', { name: zh['login.getCode'] });

const paths = pathStories<Story, FakeServer>('sms-countdown', {
  server: fakeServer,
  before: (_server, context) => openRegisterForm(context),
  driver: (server, { userEvent }) => ({
    gestures: {
      'sms.request': async () => userEvent.click(await screen.findByRole('button', { name: zh['login.getCode'] })),
      'xstate.done.actor.requestCode': () => server.codes.resolve(undefined),
    },
    screens: {
      idle: () => expect(getCode()).toBeEnabled(),
      // Asked once: the button cannot send a second code while the first is on its way.
      requesting: () => expect(getCode()).toBeDisabled(),
      counting: () => {
        expect(screen.getByRole('button', { name: /60/ })).toBeDisabled();
        expect(screen.queryByRole('button', { name: zh['login.getCode'] })).toBeNull();
        // The sent code used the human check up; the dialog solves a new one itself, and the picture waits for it.
        expect(screen.getByText(zh['altcha.verified'])).toBeVisible();
      },
    },
  }),
});

export const Idle = paths.storyOf('idle');
export const Requesting = paths.storyOf('requesting');
export const Counting = paths.storyOf('counting');
export const EveryPathHasAStory = paths.everyPathHasAStory();
