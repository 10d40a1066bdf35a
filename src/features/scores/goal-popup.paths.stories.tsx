import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { Link, MemoryRouter } from 'react-router-dom';
import { expect } from 'storybook/test';
import type { EventObject } from 'xstate';
import { registeredSiteSocket, storyClock, storyServer, withStoryServer } from '../../api/story-server.ts';
import { defaultGoalPopupSettings, popupAutoDismissMs, type GoalEvent } from '../../machines/goal-popup-queue-machine.ts';
import { pathStories, screen, storyServerOf } from '../../machines/path-story.ts';
import { SiteSocketProvider } from '../../realtime/site-socket.tsx';
import { link } from '../../routes.ts';
import zh from '../../i18n/messages/zh.json';
import { GoalPopupStack } from './goal-popup.tsx';
import { readGoalPopupSettings, writeGoalPopupSettings } from './score-settings.ts';

// The goal pop-up queue's shortest paths (`npm run paths -- goal-popup-queue`), each a story: goals
// pushed through the site socket as the server pushes them, the stack hovered, closed and left, the
// user going to a chat page (where pop-ups wait) and back, and the pop-up's ten seconds on screen run
// on the story's clock; the stack checked at every state.

/** A site socket that never connects; the story pushes goals into it as frames from the server. */
function fakeServer() {
  const socket = registeredSiteSocket();
  let seq = 0;
  const push = (goal: GoalEvent) => {
    seq += 1;
    socket.send({ type: 'socket.message', message: { code: 100, type: 'goal', seq, data: goal } });
  };
  // A guest follows nothing; no call is made, but the stack's queries need a client.
  return { socket, push, http: storyServer({}), clock: storyClock([popupAutoDismissMs]) };
}

type FakeServer = ReturnType<typeof fakeServer>;

/** The stack where the site puts it, with a way to a chat page (where pop-ups wait) and back. */
function GoalPopupPage({ server }: { server: FakeServer }) {
  const [takeArrivedGoals] = useState(() => () => []);
  return (
    <MemoryRouter initialEntries={[link('main')]}>
      <SiteSocketProvider socket={server.socket}>
        <nav>
          <Link to={link('chatChat')}>{zh['route.chatChat']}</Link> <Link to={link('main')}>{zh['route.main']}</Link>
        </nav>
        <GoalPopupStack takeArrivedGoals={takeArrivedGoals} />
      </SiteSocketProvider>
    </MemoryRouter>
  );
}

const meta = {
  title: 'scores/GoalPopupStack/Machine paths',
  component: GoalPopupStack,
  args: { takeArrivedGoals: () => [] },
  render: (_args, { parameters }) => <GoalPopupPage server={storyServerOf<FakeServer>(parameters)} />,
  decorators: [withStoryServer((server: FakeServer) => server.http.fetch)],
  // The catalogue's walk pops up every match's goals; the site's default is the followed ones only.
  beforeEach: ({ parameters }) => {
    const before = readGoalPopupSettings();
    writeGoalPopupSettings({ ...defaultGoalPopupSettings, scope: 'all' });
    const uninstall = storyServerOf<FakeServer>(parameters).clock.install();
    return () => {
      uninstall();
      writeGoalPopupSettings(before);
    };
  },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof GoalPopupStack>;

export default meta;
type Story = StoryObj<typeof meta>;

const stack = () => screen.getByRole('region', { name: zh['gameSettings.stackLabel'] });
const heldButton = () => screen.queryByRole('button', { name: /条比赛提醒待看/ });

/** One pop-up on screen: the pushed goal, nothing behind it, nothing held. */
function popupShown() {
  expect(stack()).toBeVisible();
  expect(screen.getByRole('status', { name: zh['scores.goal'] })).toBeVisible();
  expect(screen.getByTestId('goal-score')).toHaveTextContent('1 - 0');
  expect(screen.queryByTestId('goal-counter')).toBeNull();
  expect(heldButton()).toBeNull();
}

const paths = pathStories<Story, FakeServer>('goal-popup-queue', {
  server: fakeServer,
  driver: (server, { userEvent }) => ({
    gestures: {
      'goal.received': async (event) => server.push((event as EventObject & { goal: GoalEvent }).goal),
      'goal.dismissed': async () => userEvent.click(await screen.findByRole('button', { name: zh['scores.closeGoal'] })),
      'stack.hovered': async () => userEvent.hover(await screen.findByRole('region', { name: zh['gameSettings.stackLabel'] })),
      'stack.left': async () => userEvent.unhover(stack()),
      'page.quieted': async () => userEvent.click(screen.getByRole('link', { name: zh['route.chatChat'] })),
      'page.opened': async () => userEvent.click(screen.getByRole('link', { name: zh['route.main'] })),
      'held.opened': async () => userEvent.click(await screen.findByRole('button', { name: /条比赛提醒待看/ })),
      'xstate.after.popupAutoDismiss': () => server.clock.fire(popupAutoDismissMs),
    },
    screens: {
      idle: () => {
        expect(screen.queryByRole('region', { name: zh['gameSettings.stackLabel'] })).toBeNull();
        expect(heldButton()).toBeNull();
      },
      // On the chat page the goal waits behind one small button instead of covering the chat.
      held: () => {
        expect(screen.queryByRole('region', { name: zh['gameSettings.stackLabel'] })).toBeNull();
        expect(heldButton()).toHaveAccessibleName('1 条比赛提醒待看，点击查看');
      },
      // Its ten seconds run: the pop-up will close on its own.
      'showing.(sound.silent + timer.running)': () => {
        popupShown();
        expect(server.clock.waiting(popupAutoDismissMs)).toBe(1);
      },
      // The pointer is on the stack: no timer runs, the pop-up stays while it is read.
      'showing.(sound.silent + timer.held)': () => {
        popupShown();
        expect(server.clock.waiting(popupAutoDismissMs)).toBe(0);
      },
    },
  }),
});

export const Idle = paths.storyOf('idle');
export const Held = paths.storyOf('held');
export const ShowingSilent = paths.storyOf('showing.sound.silent');
export const ShowingTimerRunning = paths.storyOf('showing.timer.running');
export const ShowingTimerHeld = paths.storyOf('showing.timer.held');
export const EveryPathHasAStory = paths.everyPathHasAStory();
