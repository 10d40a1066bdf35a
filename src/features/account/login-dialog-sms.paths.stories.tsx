import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import type { EventObject } from 'xstate';
import { StoryApiProviders } from '../../api/story-api.tsx';
import { heldAnswers } from '../../api/story-server.ts';
import { pathNamesOf, playPath, type StoryDriver } from '../../machines/path-story.ts';
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
  render: (args, { parameters }) => <LoginDialog {...args} machine={(parameters.server as FakeServer).machine} />,
  decorators: [
    (Story, { parameters }) => (
      <StoryApiProviders fetch={(parameters.server as FakeServer).http.fetch}>
        <Story />
      </StoryApiProviders>
    ),
  ],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof LoginDialog>;

export default meta;
type Story = StoryObj<typeof meta>;
type PlayContext = Parameters<NonNullable<Story['play']>>[0];

const body = within(document.body);

/** Where the countdown lives: the register form with a phone typed and the human check passed. */
async function openRegisterForm({ userEvent }: Pick<PlayContext, 'userEvent'>) {
  await userEvent.click(await body.findByRole('tab', { name: zh['login.phoneTab'] }, { timeout: 10_000 }));
  await userEvent.click(await body.findByRole('button', { name: zh['login.toRegister'] }));
  await userEvent.type(body.getByRole('textbox', { name: zh['login.mobile'] }), '13800000009');
  await userEvent.click(await body.findByRole('checkbox', { name: zh['altcha.label'] }));
  await body.findByText(zh['altcha.verified'], {}, { timeout: 10_000 });
}

function smsDriver({ userEvent, parameters }: Pick<PlayContext, 'userEvent' | 'parameters'>): StoryDriver {
  const server = parameters.server as FakeServer;
  return {
    act: async (event: EventObject) => {
      if (event.type === 'sms.request') return userEvent.click(await body.findByRole('button', { name: zh['login.getCode'] }));
      if (event.type === 'xstate.done.actor.requestCode') return server.codes.resolve(undefined);
      throw new Error(`no gesture for ${event.type}`);
    },
    check: async (state) => {
      await waitFor(
        () => {
          if (state === 'idle') {
            expect(body.getByRole('button', { name: zh['login.getCode'] })).toBeEnabled();
          } else if (state === 'requesting') {
            // Asked once: the button cannot send a second code while the first is on its way.
            expect(body.getByRole('button', { name: zh['login.getCode'] })).toBeDisabled();
          } else if (state === 'counting') {
            expect(body.getByRole('button', { name: /60/ })).toBeDisabled();
            expect(body.queryByRole('button', { name: zh['login.getCode'] })).toBeNull();
            // The sent code used the human check up; the dialog solves a new one itself, and the picture waits for it.
            expect(body.getByText(zh['altcha.verified'])).toBeVisible();
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
  play: async (context) => {
    await openRegisterForm(context);
    await playPath('sms-countdown', pathName, smsDriver(context));
  },
});

export const Idle = pathStory('idle');
export const Requesting = pathStory('requesting');
export const Counting = pathStory('counting');

export const EveryPathHasAStory: Story = {
  parameters: { screenshot: false, server: fakeServer() },
  play: async () => {
    await expect(pathNamesOf('sms-countdown').sort()).toEqual(['counting', 'idle', 'requesting']);
  },
};
