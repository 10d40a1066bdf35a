import type { Meta, StoryObj } from '@storybook/react-vite';
import { useActorRef } from '@xstate/react';
import { useEffect } from 'react';
import { expect, fn, waitFor, within } from 'storybook/test';
import { SimulatedClock, type ActorRefFrom, type EventObject } from 'xstate';
import { sessionMachine, type SessionEvent } from '../machines/session-machine.ts';
import { pathStories, screen, storyServerOf } from '../machines/path-story.ts';
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
  render: (_args, { parameters }) => <SessionHarness harness={storyServerOf<Harness>(parameters)} />,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof SessionHarness>;

export default meta;
type Story = StoryObj<typeof meta>;

/** What the API client tells the session when the server answers with a non-zero code. */
const reported = (harness: Harness) => async (event: EventObject) => {
  await waitFor(() => expect(harness.session).not.toBeNull());
  harness.session?.send(event as SessionEvent);
};

const loginFirst = () => screen.queryByText(zh['session.loginFirst']);

const paths = pathStories<Story, Harness>('session', {
  server: sessionHarness,
  driver: (harness) => ({
    gestures: Object.fromEntries(['response.failed', 'network.failed', 'relogin.confirmed', 'relogin.cancelled', 'toast.closed'].map((type) => [type, reported(harness)])),
    // One state per region (`toast.shown + reloginConfirm.closed + sessionGone.armed`), each checked.
    screens: {
      'toast.hidden': () => {
        expect(screen.queryByRole('alert')).toBeNull();
        expect(loginFirst()).toBeNull();
      },
      // The server's own words; "log in first" for a session gone (700); the generic error for an empty message.
      'toast.shown': () => expect(screen.queryByText('Server busy') ?? loginFirst() ?? screen.queryByText(zh['error.generic'])).toBeVisible(),
      'sessionGone.armed': () => expect(loginFirst()).toBeNull(),
      'sessionGone.guarded': () => expect(loginFirst()).toBeVisible(),
      'reloginConfirm.closed': () => expect(screen.queryByRole('dialog')).toBeNull(),
      'reloginConfirm.open': () => {
        const dialog = screen.getByRole('dialog');
        expect(dialog).toHaveTextContent(zh['session.loggedOutTitle']);
        expect(within(dialog).getByRole('button', { name: zh['session.relogin'] })).toBeVisible();
      },
    },
  }),
});

export const Start = paths.storyOf('toast.hidden');
// The other two regions' starts are the same screen as the first's.
export const StartArmed = paths.storyOf('sessionGone.armed', { screenshot: false });
export const StartClosed = paths.storyOf('reloginConfirm.closed', { screenshot: false });
export const ToastShown = paths.storyOf('toast.shown');
export const SessionGoneGuarded = paths.storyOf('sessionGone.guarded');
export const ReloginConfirmOpen = paths.storyOf('reloginConfirm.open');
export const EveryPathHasAStory = paths.everyPathHasAStory();
