import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect } from 'react';
import { expect, waitFor } from 'storybook/test';
import type { EventObject } from 'xstate';
import { storyClock } from '../../api/story-server.ts';
import { giftEffectMs, type GiftEffect } from '../../machines/gift-effect-queue-machine.ts';
import { pathStories, screen, storyServerOf } from '../../machines/path-story.ts';
import type { RoomChatMessage } from '../../realtime/use-room-chat.ts';
import { useRoomGiftEffects } from './room-gift-effects.tsx';

// The gift effect queue's shortest paths (`npm run paths -- gift-effect-queue`), each a story: gifts
// heard as the room's chat hears them (a gift line), the effect over the picture clicked away, and each
// effect's time on screen run on the story's clock; the overlay checked at every state.

const picture = `data:image/svg+xml;base64,${btoa('<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><circle cx="4" cy="4" r="4" fill="gold"/></svg>')}`;

/** The chat line a gift's effect comes from: sender `<from>` sent gift `<gift_id>`, as the key says. */
function giftLine(effect: GiftEffect, sequence: number): RoomChatMessage {
  const [from = 'u1', giftId = '1'] = effect.key.split(':');
  return {
    id: `gift-${String(sequence)}`,
    sequence,
    text: '',
    nick: effect.nick,
    avatar: '',
    senderId: 1,
    isMine: false,
    time: 1_764_000_000,
    from,
    live: true,
    gift: {
      kind: 'gift',
      record_id: sequence,
      gift_id: Number(giftId),
      gift_name: effect.giftName,
      gift_name_en: 'Golden ball',
      // The story's own picture: no request leaves the story.
      icon: picture,
      effect: effect.size,
      animation_url: effect.animationUrl,
      count: effect.count,
      combo: effect.combo,
      total_price: 10,
      anchor_uid: 2,
      room_id: 13,
    },
  };
}

/** Where the story hands the room's gifts to the effects, and the clock of their time on screen. */
function fakeRoom() {
  const room = {
    onGift: null as ((message: RoomChatMessage) => void) | null,
    heard: 0,
    clock: storyClock(Object.values(giftEffectMs)),
    attach: (onGift: (message: RoomChatMessage) => void) => {
      room.onGift = onGift;
    },
  };
  return room;
}

type FakeRoom = ReturnType<typeof fakeRoom>;

/** A player's picture with the effects over it, as the room page lays them. */
function GiftEffectsOverPicture({ room }: { room: FakeRoom }) {
  const { onGift, overlay } = useRoomGiftEffects();
  useEffect(() => room.attach(onGift), [room, onGift]);
  return <div style={{ position: 'relative', width: 640, maxWidth: '100%', aspectRatio: '16 / 9', background: '#1d2430' }}>{overlay}</div>;
}

const meta = {
  title: 'gifts/RoomGiftEffects/Machine paths',
  component: GiftEffectsOverPicture,
  render: (_args, { parameters }) => <GiftEffectsOverPicture room={storyServerOf<FakeRoom>(parameters)} />,
  beforeEach: ({ parameters }) => storyServerOf<FakeRoom>(parameters).clock.install(),
} satisfies Meta<typeof GiftEffectsOverPicture>;

export default meta;
type Story = StoryObj<typeof meta>;

const shown = () => document.querySelector<HTMLElement>('[data-gift-effect]');

/** The effect of the size on screen with its sender's line, its time on screen running. */
const playing = (room: FakeRoom, size: keyof typeof giftEffectMs) => () => {
  expect(shown()).toHaveAttribute('data-gift-effect', size);
  expect(screen.getByRole('status')).toHaveTextContent('球迷小王 送出 金球 ×1');
  expect(room.clock.waiting(giftEffectMs[size])).toBe(1);
};

const paths = pathStories<Story, FakeRoom>('gift-effect-queue', {
  server: fakeRoom,
  driver: (room, { userEvent }) => {
    const timeUp = (size: keyof typeof giftEffectMs) => () => room.clock.fire(giftEffectMs[size]);
    return {
      gestures: {
        'gift.received': async (event) => {
          await waitFor(() => expect(room.onGift).not.toBeNull());
          room.heard += 1;
          room.onGift?.(giftLine((event as EventObject & { effect: GiftEffect }).effect, room.heard));
        },
        'effect.skipped': async () => userEvent.click(screen.getByRole('status')),
        'xstate.after.small': timeUp('small'),
        'xstate.after.big': timeUp('big'),
        'xstate.after.fullscreen': timeUp('fullscreen'),
      },
      screens: {
        idle: () => expect(shown()).toBeNull(),
        'playing.small': playing(room, 'small'),
        'playing.big': playing(room, 'big'),
        'playing.fullscreen': playing(room, 'fullscreen'),
      },
    };
  },
});

export const Idle = paths.storyOf('idle');
export const PlayingSmall = paths.storyOf('playing.small');
export const PlayingBig = paths.storyOf('playing.big');
export const PlayingFullscreen = paths.storyOf('playing.fullscreen');
export const EveryPathHasAStory = paths.everyPathHasAStory();
