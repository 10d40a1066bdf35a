import type { Meta, StoryObj } from '@storybook/react-vite';
import { useSyncExternalStore } from 'react';
import { expect, waitFor } from 'storybook/test';
import type { EventObject } from 'xstate';
import { defaultDanmakuSettings, type DanmakuItem, type DanmakuSettings } from '../machines/danmaku-lane-machine.ts';
import { pathStories, storyServerOf, storyState } from '../machines/path-story.ts';
import { DanmakuLayer, type DanmakuMessage } from './danmaku-layer.tsx';

// The danmaku lane machine's shortest paths (`npm run paths -- danmaku-lane`), each a story: the
// room's messages, the video's pauses and the viewer's settings handed to the layer as the player
// hands them, the layer checked at every state. One message is already in flight when the path starts
// (a flying message leaves the machine where it is), so a pause has something to stop.

interface Feed {
  messages: readonly DanmakuMessage[];
  paused: boolean;
  settings: DanmakuSettings;
}

/** What the player hands the layer, changed by the story as the room and the viewer change it. */
const fakePlayer = () => storyState<Feed>({ messages: [], paused: false, settings: defaultDanmakuSettings });

type FakePlayer = ReturnType<typeof fakePlayer>;

/** A picture-sized box with the layer over it. */
function LayerOverPicture({ player }: { player: FakePlayer }) {
  const feed = useSyncExternalStore(player.subscribe, player.read);
  return (
    <div style={{ position: 'relative', width: '100%', maxWidth: 720, aspectRatio: '16 / 9', background: 'linear-gradient(#2f6b3a, #1d4a27)' }}>
      <DanmakuLayer {...feed} />
    </div>
  );
}

const meta = {
  title: 'ui/DanmakuLayer/Machine paths',
  component: LayerOverPicture,
  render: (_args, { parameters }) => <LayerOverPicture player={storyServerOf<FakePlayer>(parameters)} />,
} satisfies Meta<typeof LayerOverPicture>;

export default meta;
type Story = StoryObj<typeof meta>;

const layer = () => document.querySelector<HTMLElement>('[data-danmaku-layer]');
const flying = () => [...document.querySelectorAll<HTMLElement>('[data-danmaku-layer] span')];
const animationsOf = (items: HTMLElement[]) => items.flatMap((item) => item.getAnimations());

/** Each message the room sends once: a new id, the layer flies it. */
const change = (player: FakePlayer, next: Partial<Feed>) => player.set({ ...player.read(), ...next });
const say = (player: FakePlayer, text: string, id: string) => change(player, { messages: [...player.read().messages, { id, text }] });

const paths = pathStories<Story, FakePlayer>('danmaku-lane', {
  server: fakePlayer,
  before: async (player) => {
    say(player, '开场就有好机会', 'before-path');
    await waitFor(() => expect(flying()).toHaveLength(1), { timeout: 10_000 });
  },
  driver: (player) => ({
    gestures: {
      'message.received': async (event) => {
        const { item } = event as EventObject & { item: DanmakuItem };
        say(player, item.text, item.id);
      },
      'video.paused': async () => change(player, { paused: true }),
      'video.resumed': async () => change(player, { paused: false }),
      'settings.changed': async (event) => change(player, { settings: (event as EventObject & { settings: DanmakuSettings }).settings }),
    },
    screens: {
      'running.flowing': () => {
        expect(layer()).toHaveAttribute('data-show', 'true');
        expect(animationsOf(flying()).map((animation) => animation.playState)).toContain('running');
      },
      // Every item stands still where it is until the video moves again.
      paused: () => {
        const states = animationsOf(flying()).map((animation) => animation.playState);
        expect(states.length).toBeGreaterThan(0);
        expect(states.every((state) => state === 'paused')).toBe(true);
      },
      // Hidden: what was in flight is gone at once.
      hidden: () => {
        expect(layer()).toHaveAttribute('data-show', 'false');
        expect(flying()).toHaveLength(0);
      },
    },
  }),
});

// Items in flight are somewhere else each run, so only the hidden layer is compared as a picture.
export const RunningFlowing = paths.storyOf('running.flowing', { screenshot: false });
export const Paused = paths.storyOf('paused', { screenshot: false });
export const Hidden = paths.storyOf('hidden');
export const EveryPathHasAStory = paths.everyPathHasAStory();
