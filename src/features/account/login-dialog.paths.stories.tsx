import type { Meta, StoryObj } from '@storybook/react-vite';
import { useActorRef } from '@xstate/react';
import { useEffect, useState } from 'react';
import { expect, fn, waitFor, within } from 'storybook/test';
import type { EventObject } from 'xstate';
import { StoryApiProviders } from '../../api/story-api.tsx';
import { heldAnswers } from '../../api/story-server.ts';
import type { LoginSession } from '../../machines/login-machine.ts';
import { pathNamesOf, playPath, type StoryDriver } from '../../machines/path-story.ts';
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
    const server = parameters.server as FakeServer;
    const onClose = () => {
      args.onClose();
      setOpen(false);
    };
    return <LoginDialog {...args} open={open} onClose={onClose} machine={server.machine} />;
  },
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
const dialog = () => body.queryByRole('dialog', { name: zh['route.login'] });

/** The login dialog's gestures and screens, for the path player. */
function loginDriver({ userEvent, args, parameters }: Pick<PlayContext, 'userEvent' | 'args' | 'parameters'>): StoryDriver {
  const server = parameters.server as FakeServer;
  return {
    act: async (event: EventObject) => {
      switch (event.type) {
        case 'mode.phone':
          return userEvent.click(await body.findByRole('tab', { name: zh['login.phoneTab'] }));
        case 'mode.qr':
          return userEvent.click(await body.findByRole('tab', { name: zh['login.qrTab'] }));
        case 'field.changed': {
          const { field, value } = event as EventObject & { field: 'mobile' | 'password'; value: string };
          return userEvent.type(await body.findByLabelText(field === 'mobile' ? zh['login.mobile'] : zh['login.password']), value);
        }
        case 'altcha.solved':
          await userEvent.click(await body.findByRole('checkbox', { name: zh['altcha.label'] }));
          await body.findByText(zh['altcha.verified'], {}, { timeout: 10_000 });
          return;
        case 'form.submit':
          return userEvent.click(await body.findByRole('button', { name: zh['login.submitLogin'] }));
        case 'xstate.done.actor.submitPhone':
          return server.accept();
        case 'xstate.error.actor.submitPhone':
          return server.refuse();
        case 'login.close':
          return userEvent.click(await body.findByRole('button', { name: zh['common.close'] }));
        default:
          throw new Error(`no gesture for ${event.type}`);
      }
    },
    check: async (state) => {
      const submit = () => body.getByRole('button', { name: zh['login.submitLogin'] });
      await waitFor(() => {
        if (state === 'qr') {
          expect(body.getByRole('tab', { name: zh['login.qrTab'] })).toHaveAttribute('aria-selected', 'true');
          expect(body.getByRole('img', { name: zh['login.qrAlt'] })).toBeVisible();
        } else if (state === 'phone.editing' || state === 'phone.submitting') {
          expect(body.getByRole('tab', { name: zh['login.phoneTab'] })).toHaveAttribute('aria-selected', 'true');
          expect(body.getByRole('textbox', { name: zh['login.mobile'] })).toBeVisible();
          // Busy while the server is asked: the button cannot send twice.
          if (state === 'phone.submitting') expect(submit()).toBeDisabled();
          else expect(submit()).toBeEnabled();
        } else if (state === 'loggedIn') {
          expect(args.onLoggedIn).toHaveBeenCalledWith(session, 'phone');
          expect(dialog()).toBeNull();
        } else if (state === 'closed') {
          expect(args.onClose).toHaveBeenCalled();
          expect(args.onLoggedIn).not.toHaveBeenCalled();
          expect(dialog()).toBeNull();
        } else {
          throw new Error(`no check for ${state}`);
        }
        // A loaded machine draws the first screen late: the default second is not enough there.
      }, { timeout: 10_000 });
    },
  };
}

const pathStory = (pathName: string, screenshot = true): Story => ({
  name: pathName,
  // Each story its own fake server, so one story's answer never reaches another's dialog.
  parameters: { screenshot, server: fakeServer() },
  play: async (context) => playPath('login', pathName, loginDriver(context)),
});

// One story per path the catalogue names; `EveryPathHasAStory` fails when the machine gains a path.
export const Qr = pathStory('qr');
export const PhoneEditing = pathStory('phone.editing');
export const PhoneSubmitting = pathStory('phone.submitting');
// Nothing left on screen to compare once the dialog has closed.
export const LoggedIn = pathStory('loggedIn', false);
export const Closed = pathStory('closed', false);

export const EveryPathHasAStory: Story = {
  parameters: { screenshot: false, server: fakeServer() },
  play: async () => {
    await expect(pathNamesOf('login').sort()).toEqual(['closed', 'loggedIn', 'phone.editing', 'phone.submitting', 'qr'].sort());
  },
};

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
  render: (_args, { parameters }) => <BrokenTabsFixture server={parameters.server as FakeServer} />,
  play: async (context) => {
    // The start is shown right (the fixed selection happens to be the QR tab) …
    await playPath('login', 'qr', loginDriver(context));
    // … but after the click the machine is on the phone and the screen is not.
    await expect(playPath('login', 'phone.editing', loginDriver(context))).rejects.toThrow(/does not show phone\.editing/);
    await expect(brokenFixture.moved()).toBe(true);
  },
};
