import type { Meta, StoryObj } from '@storybook/react-vite';
import { useActorRef } from '@xstate/react';
import { useEffect } from 'react';
import { expect, fn, waitFor, within } from 'storybook/test';
import { SimulatedClock, type ActorRefFrom, type EventObject } from 'xstate';
import { sessionMachine, type SessionEvent } from '../machines/session-machine.ts';
import { pathNamesOf, playPath, type StoryDriver } from '../machines/path-story.ts';
import zh from '../i18n/messages/zh.json';
import { SessionFeedback } from './session-feedback.tsx';

// The session machine's shortest paths (`npm run paths -- session`), each a story: the server's failed
// answers (a plain error, 700 session gone, 50008 logged out elsewhere) reported to the session as the
// API client reports them, and the feedback checked at every state. The clock stands still, so a toast
// stays while the story is looked at.

type SessionActor = ActorRefFrom<typeof sessionMachine>;

/** Where the story finds the session the harness runs. */
function sessionHarness() {
  const harness = {
    session: null as SessionActor | null,
    attach: (session: SessionActor) => {
      harness.session = session;
    },
  };
  return harness;
}

type Harness = ReturnType<typeof sessionHarness>;

function SessionHarness({ harness }: { harness: Harness }) {
  const session = useActorRef(sessionMachine.provide({ actions: { clearUser: fn(), resetTokenAndReload: fn() } }), { clock: new SimulatedClock() });
  useEffect(() => harness.attach(session), [harness, session]);
  return <SessionFeedback session={session} />;
}

const meta = {
  title: 'app/SessionFeedback/Machine paths',
  component: SessionHarness,
  args: { harness: sessionHarness() },
  render: (_args, { parameters }) => <SessionHarness harness={parameters.harness as Harness} />,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof SessionHarness>;

export default meta;
type Story = StoryObj<typeof meta>;
type PlayContext = Parameters<NonNullable<Story['play']>>[0];

const body = within(document.body);

function sessionDriver({ parameters }: Pick<PlayContext, 'parameters'>): StoryDriver {
  const harness = parameters.harness as Harness;
  return {
    act: async (event: EventObject) => {
      await waitFor(() => expect(harness.session).not.toBeNull());
      // What the API client sends when the server answers with a non-zero code.
      harness.session?.send(event as SessionEvent);
    },
    check: async (state) => {
      // One state per region (`toast.shown + reloginConfirm.closed + sessionGone.armed`), each checked.
      await waitFor(
        () => {
          const dialog = body.queryByRole('dialog');
          const loginFirst = body.queryByText(zh['session.loginFirst']);
          for (const region of state.split(' + ')) {
            if (region === 'toast.hidden') {
              expect(body.queryByRole('alert')).toBeNull();
              expect(loginFirst).toBeNull();
            } else if (region === 'toast.shown') {
              // The server's own words; "log in first" for a session gone (700); the generic error for an empty message.
              expect(body.queryByText('Server busy') ?? loginFirst ?? body.queryByText(zh['error.generic'])).toBeVisible();
            } else if (region === 'sessionGone.armed') {
              expect(loginFirst).toBeNull();
            } else if (region === 'sessionGone.guarded') {
              expect(loginFirst).toBeVisible();
            } else if (region === 'reloginConfirm.closed') {
              expect(dialog).toBeNull();
            } else if (region === 'reloginConfirm.open') {
              expect(dialog).toHaveTextContent(zh['session.loggedOutTitle']);
              expect(within(dialog as HTMLElement).getByRole('button', { name: zh['session.relogin'] })).toBeVisible();
            } else {
              throw new Error(`no check for ${region}`);
            }
          }
        },
        { timeout: 10_000 },
      );
    },
  };
}

const pathStory = (pathName: string, screenshot = true): Story => ({
  name: pathName,
  parameters: { screenshot, harness: sessionHarness() },
  play: async (context) => playPath('session', pathName, sessionDriver(context)),
});

export const Start = pathStory('toast.hidden');
// The other two regions' starts are the same screen as the first's.
export const StartArmed = pathStory('sessionGone.armed', false);
export const StartClosed = pathStory('reloginConfirm.closed', false);
export const ToastShown = pathStory('toast.shown');
export const SessionGoneGuarded = pathStory('sessionGone.guarded');
export const ReloginConfirmOpen = pathStory('reloginConfirm.open');

export const EveryPathHasAStory: Story = {
  parameters: { screenshot: false, harness: sessionHarness() },
  play: async () => {
    await expect(pathNamesOf('session').sort()).toEqual(
      ['reloginConfirm.closed', 'reloginConfirm.open', 'sessionGone.armed', 'sessionGone.guarded', 'toast.hidden', 'toast.shown'].sort(),
    );
  },
};
