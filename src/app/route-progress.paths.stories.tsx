import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect } from 'react';
import { expect, waitFor } from 'storybook/test';
import { storyClock } from '../api/story-server.ts';
import zh from '../i18n/messages/zh.json';
import type { RouteProgressEvent } from '../machines/route-progress-machine.ts';
import { pathStories, screen, storyServerOf } from '../machines/path-story.ts';
import { RouteProgress, useRouteProgressReport } from './route-progress.tsx';

// The route progress machine's shortest paths (`npm run paths -- route-progress`), each a story: the
// router's reports (a navigation began, its screen is shown) sent through the bar's own context as the
// router's screens send them, and the bar's 500 ms end run on the story's clock; the bar checked at
// every state.

/** Where the story finds the report the screens below the bar are given, and the bar's clock. */
function fakeRouter() {
  const router = {
    report: null as ((event: RouteProgressEvent) => void) | null,
    clock: storyClock([500, 120_000]),
    attach: (report: (event: RouteProgressEvent) => void) => {
      router.report = report;
    },
  };
  return router;
}

type FakeRouter = ReturnType<typeof fakeRouter>;

/** A screen under the bar, as the router renders them. */
function Screen({ router }: { router: FakeRouter }) {
  const report = useRouteProgressReport();
  useEffect(() => router.attach(report), [router, report]);
  return <main style={{ padding: 16 }}>{zh['route.main']}</main>;
}

function BarOverScreens({ router }: { router: FakeRouter }) {
  return (
    <RouteProgress>
      <Screen router={router} />
    </RouteProgress>
  );
}

const meta = {
  title: 'app/RouteProgress/Machine paths',
  component: BarOverScreens,
  render: (_args, { parameters }) => <BarOverScreens router={storyServerOf<FakeRouter>(parameters)} />,
  beforeEach: ({ parameters }) => storyServerOf<FakeRouter>(parameters).clock.install(),
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof BarOverScreens>;

export default meta;
type Story = StoryObj<typeof meta>;

const bar = () => screen.queryByRole('progressbar', { name: zh['progress.loadingPage'] });

const reported = (router: FakeRouter) => async (event: { type: string }) => {
  await waitFor(() => expect(router.report).not.toBeNull());
  router.report?.(event as RouteProgressEvent);
};

const paths = pathStories<Story, FakeRouter>('route-progress', {
  server: fakeRouter,
  driver: (router) => ({
    gestures: {
      'route.started': reported(router),
      'route.settled': reported(router),
      'xstate.after.progressEnd': () => router.clock.fire(500),
      'xstate.after.chunkLoadTimeout': () => router.clock.fire(120_000),
    },
    screens: {
      idle: () => expect(bar()).toBeNull(),
      // How much is left is unknown: the bar creeps, with no value.
      running: () => {
        expect(bar()).toBeVisible();
        expect(bar()).not.toHaveAttribute('aria-valuenow');
      },
      // Done: full, for its last 500 ms.
      ending: () => expect(bar()).toHaveAttribute('aria-valuenow', '100'),
    },
  }),
});

export const Idle = paths.storyOf('idle');
export const Running = paths.storyOf('running');
export const Ending = paths.storyOf('ending');
export const EveryPathHasAStory = paths.everyPathHasAStory();
