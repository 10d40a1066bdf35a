import type { Meta, StoryObj } from '@storybook/react-vite';
import { useActorRef } from '@xstate/react';
import { useEffect, useState } from 'react';
import { expect, fn } from 'storybook/test';
import type { EventObject } from 'xstate';
import { heldAnswers, withStoryServer } from '../../api/story-server.ts';
import type { LoginSession } from '../../machines/login-machine.ts';
import { pathStories, playPath, screen, storyServerOf, type PathDriver, type PathPlayContext } from '../../machines/path-story.ts';
import zh from '../../i18n/messages/zh.json';
import { LoginDialog } from './login-dialog.tsx';
import { loginStoryServer, storySession, stubbedLoginMachine } from './login-story-server.ts';

// The login machine's shortest paths (`npm run paths -- login`), each a story: the dialog is driven
// along the path with clicks and typing, the fake server answering when the path says so, and the
// screen is checked at every state the path passes through.

const qrImage = `data:image/svg+xml;base64,${btoa('<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8"/></svg>')}`;

const session = storySession;

/** The fake server of one story: a phone submission waits until the path says how the server answers. */
function fakeServer() {
  const submitted = heldAnswers<LoginSession>();
  const machine = stubbedLoginMachine({
    fetchQr: async () => ({ code: 'story-code', qr_secret: 'story-secret', img: qrImage }),
    submitPhone: () => submitted.next(),
  });
  return { machine, http: loginStoryServer(), accept: () => submitted.resolve(session), refuse: () => submitted.reject() };
}

type FakeServer = ReturnType<typeof fakeServer>;

const meta = {
  title: 'account/LoginDialog/Machine paths',
  component: LoginDialog,
  args: { open: true, onClose: fn(), onLoggedIn: fn() },
  render: function Render(args, { parameters }) {
    const [open, setOpen] = useState(true);
    const server = storyServerOf<FakeServer>(parameters);
    const onClose = () => {
      args.onClose();
      setOpen(false);
    };
    return <LoginDialog {...args} open={open} onClose={onClose} machine={server.machine} />;
  },
  decorators: [withStoryServer((server: FakeServer) => server.http.fetch)],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof LoginDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const dialog = () => screen.queryByRole('dialog', { name: zh['route.login'] });
const click = (userEvent: LoginContext['userEvent'], role: 'tab' | 'button', name: string) => async () =>
  userEvent.click(await screen.findByRole(role, { name }));

type LoginContext = PathPlayContext<Story>;

/** The login dialog's gestures and screens, for the path player. */
function loginDriver(server: FakeServer, { userEvent, args }: LoginContext): PathDriver {
  const submit = () => screen.getByRole('button', { name: zh['login.submitLogin'] });
  const onPhoneTab = () => {
    expect(screen.getByRole('tab', { name: zh['login.phoneTab'] })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('textbox', { name: zh['login.mobile'] })).toBeVisible();
  };
  return {
    gestures: {
      'mode.phone': click(userEvent, 'tab', zh['login.phoneTab']),
      'mode.qr': click(userEvent, 'tab', zh['login.qrTab']),
      'field.changed': async (event) => {
        const { field, value } = event as EventObject & { field: 'mobile' | 'password'; value: string };
        await userEvent.type(await screen.findByLabelText(field === 'mobile' ? zh['login.mobile'] : zh['login.password']), value);
      },
      'altcha.solved': async () => {
        await userEvent.click(await screen.findByRole('checkbox', { name: zh['altcha.label'] }));
        await screen.findByText(zh['altcha.verified'], {}, { timeout: 10_000 });
      },
      'form.submit': click(userEvent, 'button', zh['login.submitLogin']),
      'xstate.done.actor.submitPhone': () => server.accept(),
      'xstate.error.actor.submitPhone': () => server.refuse(),
      'login.close': click(userEvent, 'button', zh['common.close']),
    },
    screens: {
      qr: () => {
        expect(screen.getByRole('tab', { name: zh['login.qrTab'] })).toHaveAttribute('aria-selected', 'true');
        expect(screen.getByRole('img', { name: zh['login.qrAlt'] })).toBeVisible();
      },
      'phone.editing': () => {
        onPhoneTab();
        expect(submit()).toBeEnabled();
      },
      // Busy while the server is asked: the button cannot send twice.
      'phone.submitting': () => {
        onPhoneTab();
        expect(submit()).toBeDisabled();
      },
      loggedIn: () => {
        expect(args.onLoggedIn).toHaveBeenCalledWith(session, 'phone');
        expect(dialog()).toBeNull();
      },
      closed: () => {
        expect(args.onClose).toHaveBeenCalled();
        expect(args.onLoggedIn).not.toHaveBeenCalled();
        expect(dialog()).toBeNull();
      },
    },
  };
}

// Each story its own fake server, so one story's answer never reaches another's dialog.
const paths = pathStories<Story, FakeServer>('login', { server: fakeServer, driver: loginDriver });

// One story per path the catalogue names; `EveryPathHasAStory` fails when the machine gains a path.
export const Qr = paths.storyOf('qr');
export const PhoneEditing = paths.storyOf('phone.editing');
export const PhoneSubmitting = paths.storyOf('phone.submitting');
// Nothing left on screen to compare once the dialog has closed.
export const LoggedIn = paths.storyOf('loggedIn', { screenshot: false });
export const Closed = paths.storyOf('closed', { screenshot: false });
export const EveryPathHasAStory = paths.everyPathHasAStory();

/** What the broken fixture's machine did, so the story can tell the machine moved and the screen did not. */
const brokenFixture: { moved: () => boolean } = { moved: () => false };

/**
 * A fixture with a broken binding: it runs the login machine and sends its events, but its tabs show
 * a fixed selection instead of the machine's state. The path player must catch it.
 */
function BrokenTabsFixture({ server }: { server: FakeServer }) {
  const actor = useActorRef(server.machine, { input: {} });
  useEffect(() => {
    brokenFixture.moved = () => actor.getSnapshot().matches('phone');
  }, [actor]);
  return (
    <div role="dialog" aria-label={zh['route.login']}>
      <div role="tablist" aria-label={zh['login.method']}>
        <button type="button" role="tab" aria-selected="true" onClick={() => actor.send({ type: 'mode.qr' })}>
          {zh['login.qrTab']}
        </button>
        <button type="button" role="tab" aria-selected="false" onClick={() => actor.send({ type: 'mode.phone' })}>
          {zh['login.phoneTab']}
        </button>
      </div>
      <img src={qrImage} alt={zh['login.qrAlt']} width={160} height={160} />
    </div>
  );
}

export const BrokenBindingIsCaught: Story = {
  parameters: { screenshot: false, server: fakeServer() },
  render: (_args, { parameters }) => <BrokenTabsFixture server={storyServerOf<FakeServer>(parameters)} />,
  play: async (context) => {
    const server = storyServerOf<FakeServer>(context.parameters);
    // The start is shown right (the fixed selection happens to be the QR tab) …
    await playPath('login', 'qr', loginDriver(server, context));
    // … but after the click the machine is on the phone and the screen is not.
    await expect(playPath('login', 'phone.editing', loginDriver(server, context))).rejects.toThrow(/does not show phone\.editing/);
    await expect(brokenFixture.moved()).toBe(true);
  },
};
