import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import { heldAnswers, storyClock, withStoryServer } from '../../api/story-server.ts';
import { pathStories, screen, storyServerOf } from '../../machines/path-story.ts';
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
  render: (args, { parameters }) => <LoginDialog {...args} machine={storyServerOf<FakeServer>(parameters).machine} />,
  decorators: [withStoryServer((server: FakeServer) => server.http.fetch)],
  beforeEach: ({ parameters }) => storyServerOf<FakeServer>(parameters).clock.install(),
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof LoginDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The phone's report through the socket, once the code shows and the socket is open. */
const phoneSays = (server: FakeServer, event: QrLoginEvent) => async () => {
  await waitFor(() => expect(server.socket.sendBack).not.toBeNull(), { timeout: 10_000 });
  server.socket.sendBack?.(event);
};

const code = () => screen.queryByRole('img', { name: zh['login.qrAlt'] });
const refresh = () => screen.queryByRole('button', { name: zh['login.qrRefresh'] });
const onQrTab = () => expect(screen.getByRole('tab', { name: zh['login.qrTab'] })).toHaveAttribute('aria-selected', 'true');

const paths = pathStories<Story, FakeServer>('qr-login', {
  server: fakeServer,
  driver: (server, { args }) => ({
    gestures: {
      'xstate.done.actor.fetchQr': () => server.codes.resolve({ code: 'story-code', qr_secret: 'story-secret', img: qrImage }),
      'xstate.error.actor.fetchQr': () => server.codes.reject(),
      'qr.scanned': phoneSays(server, { type: 'qr.scanned' }),
      'qr.confirmed': phoneSays(server, { type: 'qr.confirmed', session: storySession }),
      'xstate.after.qrExpiry': () => server.clock.fire(qrLife),
    },
    screens: {
      loading: () => {
        onQrTab();
        expect(code()).toBeNull();
        expect(document.querySelector('[aria-busy="true"]')).not.toBeNull();
      },
      'showing.waiting': () => {
        onQrTab();
        expect(code()).toBeVisible();
        expect(screen.queryByText(zh['login.qrScanned'])).toBeNull();
      },
      'showing.scanned': () => {
        onQrTab();
        expect(screen.getByRole('status')).toHaveTextContent(zh['login.qrScanned']);
      },
      expired: () => {
        onQrTab();
        expect(code()).toBeNull();
        expect(screen.getByText(zh['login.qrExpired'])).toBeVisible();
        expect(refresh()).toBeVisible();
      },
      failed: () => {
        onQrTab();
        expect(screen.getByText(zh['error.generic'])).toBeVisible();
        expect(refresh()).toBeVisible();
      },
      confirmed: () => {
        expect(args.onLoggedIn).toHaveBeenCalledWith(storySession, 'qr');
        // Logged in, the dialog asks its owner to close it.
        expect(args.onClose).toHaveBeenCalled();
      },
    },
  }),
});

export const Loading = paths.storyOf('loading');
export const ShowingWaiting = paths.storyOf('showing.waiting');
export const Failed = paths.storyOf('failed');
export const ShowingScanned = paths.storyOf('showing.scanned');
export const Expired = paths.storyOf('expired');
// Nothing left on screen to compare once the dialog has closed.
export const Confirmed = paths.storyOf('confirmed', { screenshot: false });
export const EveryPathHasAStory = paths.everyPathHasAStory();
