import type { Meta, StoryObj } from '@storybook/react-vite';
import { useSyncExternalStore } from 'react';
import { expect, waitFor } from 'storybook/test';
import type { components } from '../../../api/schema';
import { heldAnswers, storyClock } from '../../../api/story-server.ts';
import zh from '../../../i18n/messages/zh.json';
import { bufferLimitMs, retryDelayMs, type PlaybackStart } from '../../../machines/player-machine.ts';
import { pathStories, screen, storyServerOf, storyState } from '../../../machines/path-story.ts';
import type { StreamBinding } from './room-media.ts';
import { RoomPlayer, StreamBindingContext } from './room-player.tsx';

// The player machine's shortest paths (`npm run paths -- player`), each a story: the room's stream
// bound by a stand-in for hls.js whose loading and starting wait until the path says how they end, the
// video element's own reports (waiting for data, playing again, a broken stream) sent as the browser
// sends them, the controls clicked, and the room going off and on air as its status frame says; the
// player checked at every state.

type LiveRoom = components['schemas']['LiveRoom'];

const room: LiveRoom = {
  id: 7,
  title: '英超焦点战 阿森纳 vs 切尔西 全场解说',
  cover: '',
  anchor: { id: 31, user_nickname: '球评老张', avatar: '', exp_icon: '', is_anchor: 1 },
  status: 'in_progress',
  type: 1,
  category: { id: 1, name: '英超', name_en: 'Premier League', type: 1 },
  viewers: 12_840,
  heat: 30_000,
  placard: '',
  stream: { original: '/hls/7/original.m3u8' },
  is_reserve: 0,
  is_attention: 0,
};

/** The stream and the room of one story: loads and starts held, the air status the story's to change. */
function fakeStream() {
  const loads = heldAnswers<undefined>();
  const starts = heldAnswers<PlaybackStart>();
  const stream = {
    loads,
    starts,
    // A stall's retry and a long wait for data run on the story's clock: the screen stays while it is looked at.
    clock: storyClock([bufferLimitMs, retryDelayMs(1)]),
    video: null as HTMLVideoElement | null,
    broke: null as (() => void) | null,
    bind: (video: HTMLVideoElement, _urls: LiveRoom['stream'], onFatal: () => void): StreamBinding => {
      stream.video = video;
      stream.broke = onFatal;
      return { load: () => loads.next(), play: () => starts.next(), switchQuality: () => undefined, destroy: () => undefined };
    },
    air: storyState(true),
  };
  return stream;
}

type FakeStream = ReturnType<typeof fakeStream>;

/** The room's player as the room page holds it: the room re-read when its air status changes. */
function PlayerInRoom({ stream }: { stream: FakeStream }) {
  const onAir = useSyncExternalStore(stream.air.subscribe, stream.air.read);
  return (
    <StreamBindingContext value={stream.bind}>
      <div style={{ maxWidth: 720 }}>
        <RoomPlayer room={{ ...room, status: onAir ? 'in_progress' : 'over' }} />
      </div>
    </StreamBindingContext>
  );
}

const meta = {
  title: 'live/RoomPlayer/Machine paths',
  component: PlayerInRoom,
  render: (_args, { parameters }) => <PlayerInRoom stream={storyServerOf<FakeStream>(parameters)} />,
  beforeEach: ({ parameters }) => storyServerOf<FakeStream>(parameters).clock.install(),
} satisfies Meta<typeof PlayerInRoom>;

export default meta;
type Story = StoryObj<typeof meta>;

const player = () => screen.getByRole('region', { name: zh['player.label'] });
const playToggle = () => screen.getByRole('button', { name: zh['player.play'] });
const pauseToggle = () => screen.getByRole('button', { name: zh['player.pause'] });
const note = () => screen.queryByRole('status');

/** What the video element tells the page (`waiting`, `playing`), once the stream is bound to it. */
const videoSays = (stream: FakeStream, type: 'waiting' | 'playing') => async () => {
  await waitFor(() => expect(stream.video).not.toBeNull());
  stream.video?.dispatchEvent(new Event(type));
};

const paths = pathStories<Story, FakeStream>('player', {
  server: fakeStream,
  driver: (stream, { userEvent }) => ({
    gestures: {
      // The player starts itself when the room opens.
      'player.start': async () => undefined,
      'xstate.done.actor.loadStream': () => stream.loads.resolve(undefined),
      'xstate.error.actor.loadStream': () => stream.loads.reject(new Error('The playlist did not load')),
      'xstate.done.actor.startPlayback': () => stream.starts.resolve({ muted: false }),
      'xstate.error.actor.startPlayback': () => stream.starts.reject(new Error('The browser refused to play')),
      'player.play': async () => userEvent.click(playToggle()),
      'player.pause': async () => userEvent.click(pauseToggle()),
      'player.retry': async () => userEvent.click(screen.getByRole('button', { name: zh['player.retry'] })),
      'media.waiting': videoSays(stream, 'waiting'),
      'media.playing': videoSays(stream, 'playing'),
      'media.error': async () => stream.broke?.(),
      'stream.offline': async () => stream.air.set(false),
      'stream.online': async () => stream.air.set(true),
    },
    screens: {
      // The player leaves idle as it mounts (it starts itself): the player is there, about to load.
      idle: () => expect(player()).toBeVisible(),
      loading: () => {
        expect(note()).toHaveTextContent(zh['player.loading']);
        expect(playToggle()).toBeDisabled();
      },
      starting: () => {
        expect(note()).toHaveTextContent(zh['player.loading']);
        expect(stream.video).not.toBeNull();
      },
      playing: () => {
        expect(note()).toBeNull();
        expect(pauseToggle()).toBeEnabled();
      },
      // Waiting for data: the spinner over a picture that still counts as playing.
      buffering: () => {
        expect(note()).toHaveTextContent(zh['player.loading']);
        expect(pauseToggle()).toBeEnabled();
      },
      paused: () => {
        expect(note()).toBeNull();
        expect(screen.getAllByRole('button', { name: zh['player.play'] })).toHaveLength(2);
      },
      stalled: () => expect(note()).toHaveTextContent(zh['player.reconnecting']),
      offline: () => expect(note()).toHaveTextContent(zh['player.offline']),
    },
  }),
});

export const Idle = paths.storyOf('idle');
export const Loading = paths.storyOf('loading');
export const Starting = paths.storyOf('starting');
export const Playing = paths.storyOf('playing');
export const Buffering = paths.storyOf('buffering');
export const Paused = paths.storyOf('paused');
export const Stalled = paths.storyOf('stalled');
export const Offline = paths.storyOf('offline');
export const EveryPathHasAStory = paths.everyPathHasAStory();
