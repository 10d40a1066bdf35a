import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import type { EventObject } from 'xstate';
import { StoryApiProviders } from '../../api/story-api.tsx';
import { heldAnswers, storyClock } from '../../api/story-server.ts';
import { pathNamesOf, playPath, type StoryDriver } from '../../machines/path-story.ts';
import type { LoginQr, QrLoginEvent } from '../../machines/qr-login-machine.ts';
import zh from '../../i18n/messages/zh.json';
import { LoginDialog } from './login-dialog.tsx';
import { loginStoryServer, storySession, stubbedLoginMachine } from './login-story-server.ts';

// The QR login machine's shortest paths (`npm run paths -- qr-login`), each a story: the dialog's QR
// tab, its code held until the path says the server answers, the phone's scan and confirmation sent
// through the socket when the path says so, and the code's life (three minutes) run on the story's clock.

const qrImage = `data:image/svg+xml;base64,${btoa('<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8"/></svg>')}`;
const qrLife = 180_000;

function fakeServer() {
  const codes = heldAnswers<LoginQr>();
  const socket: { sendBack: ((event: QrLoginEvent) => void) | null } = { sendBack: null };
  const machine = stubbedLoginMachine({
    fetchQr: () => codes.next(),
    onQrSocket: (sendBack) => (socket.sendBack = sendBack),
    qrExpiry: () => qrLife,
    submitPhone: async () => null,
  });
  return { machine, codes, socket, clock: storyClock([qrLife]), http: loginStoryServer() };
}

type FakeServer = ReturnType<typeof fakeServer>;

const meta = {
  title: 'account/LoginDialog/QR machine paths',
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
  beforeEach: ({ parameters }) => (parameters.server as FakeServer).clock.install(),
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof LoginDialog>;

export default meta;
type Story = StoryObj<typeof meta>;
type PlayContext = Parameters<NonNullable<Story['play']>>[0];

const body = within(document.body);

/** The phone's report through the socket, once the code shows and the socket is open. */
async function phoneSays(server: FakeServer, event: QrLoginEvent) {
  await waitFor(() => expect(server.socket.sendBack).not.toBeNull(), { timeout: 10_000 });
  server.socket.sendBack?.(event);
}

function qrDriver({ args, parameters }: Pick<PlayContext, 'args' | 'parameters'>): StoryDriver {
  const server = parameters.server as FakeServer;
  return {
    act: async (event: EventObject) => {
      if (event.type === 'xstate.done.actor.fetchQr') return server.codes.resolve({ code: 'story-code', qr_secret: 'story-secret', img: qrImage });
      if (event.type === 'xstate.error.actor.fetchQr') return server.codes.reject();
      if (event.type === 'qr.scanned') return phoneSays(server, { type: 'qr.scanned' });
      if (event.type === 'qr.confirmed') return phoneSays(server, { type: 'qr.confirmed', session: storySession });
      if (event.type.startsWith('xstate.after.qrExpiry.')) return server.clock.fire(qrLife);
      throw new Error(`no gesture for ${event.type}`);
    },
    check: async (state) => {
      await waitFor(
        () => {
          const code = body.queryByRole('img', { name: zh['login.qrAlt'] });
          const refresh = body.queryByRole('button', { name: zh['login.qrRefresh'] });
          if (state === 'confirmed') {
            expect(args.onLoggedIn).toHaveBeenCalledWith(storySession, 'qr');
            // Logged in, the dialog asks its owner to close it.
            expect(args.onClose).toHaveBeenCalled();
            return;
          }
          expect(body.getByRole('tab', { name: zh['login.qrTab'] })).toHaveAttribute('aria-selected', 'true');
          if (state === 'loading') {
            expect(code).toBeNull();
            expect(document.querySelector('[aria-busy="true"]')).not.toBeNull();
          } else if (state === 'showing.waiting') {
            expect(code).toBeVisible();
            expect(body.queryByText(zh['login.qrScanned'])).toBeNull();
          } else if (state === 'showing.scanned') {
            expect(body.getByRole('status')).toHaveTextContent(zh['login.qrScanned']);
          } else if (state === 'expired') {
            expect(code).toBeNull();
            expect(body.getByText(zh['login.qrExpired'])).toBeVisible();
            expect(refresh).toBeVisible();
          } else if (state === 'failed') {
            expect(body.getByText(zh['error.generic'])).toBeVisible();
            expect(refresh).toBeVisible();
          } else {
            throw new Error(`no check for ${state}`);
          }
        },
        { timeout: 10_000 },
      );
    },
  };
}

const pathStory = (pathName: string, screenshot = true): Story => ({
  name: pathName,
  parameters: { screenshot, server: fakeServer() },
  play: async (context) => playPath('qr-login', pathName, qrDriver(context)),
});

export const Loading = pathStory('loading');
export const ShowingWaiting = pathStory('showing.waiting');
export const Failed = pathStory('failed');
export const ShowingScanned = pathStory('showing.scanned');
export const Expired = pathStory('expired');
// Nothing left on screen to compare once the dialog has closed.
export const Confirmed = pathStory('confirmed', false);

export const EveryPathHasAStory: Story = {
  parameters: { screenshot: false, server: fakeServer() },
  play: async () => {
    await expect(pathNamesOf('qr-login').sort()).toEqual(['confirmed', 'expired', 'failed', 'loading', 'showing.scanned', 'showing.waiting'].sort());
  },
};
