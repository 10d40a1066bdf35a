import { assign, emit, fromPromise, setup } from 'xstate';

/** SPEC §9: the stream qualities, best first, named as the contract's LiveStreamUrls names them. */
export const streamQualities = ['original', 'high_definition', 'standard', 'smooth'] as const;
export type StreamQuality = (typeof streamQualities)[number];

/** Retries of a stalled stream before the player gives up and shows the error with its retry button. */
export const maxRetries = 5;
/** The first retry waits 1 s, each next one twice as long, never more than 16 s. */
export const retryBaseMs = 1000;
export const retryCapMs = 16_000;
/** Waiting for data this long without a frame counts as a stall. */
export const bufferLimitMs = 10_000;

/** How long retry `attempt` (1-based) waits. */
export function retryDelayMs(attempt: number): number {
  return Math.min(retryBaseMs * 2 ** Math.max(0, attempt - 1), retryCapMs);
}

/** What a loadStream actor rejects with when the room has no stream on air (its playlist is gone). */
export class StreamOffAirError extends Error {
  constructor() {
    super('the stream is not on air');
    this.name = 'StreamOffAirError';
  }
}

export interface PlayerInput {
  /** Whether the room is on air (status in_progress) when the page opens. */
  onAir: boolean;
  /** The qualities the room offers, best first; `original` always (LiveStreamUrls). */
  qualities: readonly StreamQuality[];
}

export interface PlayerContext {
  qualities: readonly StreamQuality[];
  quality: StreamQuality;
  onAir: boolean;
  muted: boolean;
  /** The browser refused sound, so playback started muted: the unmute control is offered. */
  autoMuted: boolean;
  /** 0 to 1. */
  volume: number;
  /** Retries made since the stream last played. */
  attempt: number;
}

export type PlayerEvent =
  | { type: 'player.start' }
  | { type: 'player.play' }
  | { type: 'player.pause' }
  | { type: 'player.retry' }
  | { type: 'player.mute' }
  | { type: 'player.unmute' }
  | { type: 'player.volume'; volume: number }
  | { type: 'quality.select'; quality: StreamQuality }
  | { type: 'media.waiting' }
  | { type: 'media.playing' }
  | { type: 'media.error' }
  | { type: 'stream.offline' }
  | { type: 'stream.online' };

/** Told to the media binding when the picked quality changes while a stream is attached. */
export type PlayerEmitted = { type: 'quality.changed'; quality: StreamQuality };

/** What starting playback gave: whether the browser made it start muted. */
export interface PlaybackStart {
  muted: boolean;
}

const stall = [
  { guard: 'retriesLeft', target: 'stalled', actions: 'countAttempt' },
  { target: 'error', actions: 'countAttempt' },
] as const;

export const playerMachine = setup({
  types: {
    context: {} as PlayerContext,
    events: {} as PlayerEvent,
    input: {} as PlayerInput,
    emitted: {} as PlayerEmitted,
  },
  actors: {
    /** Attaches the quality's playlist to the video element; resolves once it can play. */
    loadStream: fromPromise<void, { quality: StreamQuality }>(async () => undefined),
    /** Starts playback, with sound when `muted` is false and the browser allows it, else muted. */
    startPlayback: fromPromise<PlaybackStart, { muted: boolean }>(async ({ input }) => ({ muted: input.muted })),
  },
  actions: {
    countAttempt: assign({ attempt: ({ context }) => context.attempt + 1 }),
    resetAttempts: assign({ attempt: 0 }),
    markOffAir: assign({ onAir: false, attempt: 0 }),
    markOnAir: assign({ onAir: true, attempt: 0 }),
    pickQuality: assign({
      quality: ({ context, event }) => (event.type === 'quality.select' ? event.quality : context.quality),
    }),
    tellQuality: emit(({ context }) => ({ type: 'quality.changed' as const, quality: context.quality })),
    noteStart: assign(({ context }, start: PlaybackStart) => ({
      muted: start.muted,
      autoMuted: start.muted && !context.muted,
    })),
    mute: assign({ muted: true, autoMuted: false }),
    unmute: assign({ muted: false, autoMuted: false }),
    setVolume: assign(({ context, event }) => {
      if (event.type !== 'player.volume') return {};
      const volume = Math.min(1, Math.max(0, event.volume));
      // Turning the volume up is asking for sound; down to 0 is muting.
      return { volume, muted: volume === 0 ? true : context.autoMuted ? false : context.muted, autoMuted: false };
    }),
  },
  guards: {
    offAir: ({ context }) => !context.onAir,
    retriesLeft: ({ context }) => context.attempt + 1 < maxRetries,
    qualityOffered: ({ context, event }) =>
      event.type === 'quality.select' && event.quality !== context.quality && context.qualities.includes(event.quality),
    streamOffAir: ({ event }) => 'error' in event && event.error instanceof StreamOffAirError,
  },
  delays: {
    bufferLimit: bufferLimitMs,
    retryBackoff: ({ context }) => retryDelayMs(context.attempt),
  },
}).createMachine({
  id: 'player',
  context: ({ input }) => ({
    qualities: input.qualities.length ? input.qualities : ['original'],
    quality: input.qualities[0] ?? 'original',
    onAir: input.onAir,
    muted: false,
    autoMuted: false,
    volume: 1,
    attempt: 0,
  }),
  initial: 'idle',
  on: {
    'quality.select': { guard: 'qualityOffered', actions: ['pickQuality', 'tellQuality'] },
    'player.mute': { actions: 'mute' },
    'player.unmute': { actions: 'unmute' },
    'player.volume': { actions: 'setVolume' },
    'stream.offline': { target: '.offline', actions: 'markOffAir' },
  },
  states: {
    idle: {
      on: {
        'player.start': [{ guard: 'offAir', target: 'offline' }, { target: 'loading' }],
      },
    },
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadStream',
        src: 'loadStream',
        input: ({ context }) => ({ quality: context.quality }),
        onDone: 'starting',
        // The room is on air when the player loads: a stream not found yet is one the media server has not
        // written yet (the first fragments of a push take a few seconds), so it is retried like a stall; only
        // once the retries are spent on it does the player call the room off air.
        onError: [stall[0], { guard: 'streamOffAir', target: 'offline', actions: 'markOffAir' }, stall[1]],
      },
      on: {
        // A stream being attached is attached again in the quality just picked.
        'quality.select': { guard: 'qualityOffered', target: 'loading', reenter: true, actions: 'pickQuality' },
      },
    },
    starting: {
      tags: ['busy'],
      invoke: {
        id: 'startPlayback',
        src: 'startPlayback',
        input: ({ context }) => ({ muted: context.muted }),
        onDone: { target: 'playing', actions: [{ type: 'noteStart', params: ({ event }) => event.output }, 'resetAttempts'] },
        // Not even muted playback was allowed: wait for the viewer's press.
        onError: 'paused',
      },
    },
    playing: {
      tags: ['attached'],
      on: {
        'media.waiting': 'buffering',
        'media.error': stall,
        'player.pause': 'paused',
      },
    },
    buffering: {
      tags: ['busy', 'attached'],
      after: { bufferLimit: stall },
      on: {
        'media.playing': 'playing',
        'media.error': stall,
        'player.pause': 'paused',
      },
    },
    paused: {
      tags: ['attached'],
      on: {
        'player.play': 'starting',
        'media.error': stall,
      },
    },
    stalled: {
      tags: ['busy'],
      after: { retryBackoff: 'loading' },
      on: {
        'player.retry': 'loading',
        'media.playing': { target: 'playing', actions: 'resetAttempts' },
      },
    },
    offline: {
      on: {
        'stream.online': { target: 'loading', actions: 'markOnAir' },
        'player.retry': { target: 'loading', actions: 'markOnAir' },
      },
    },
    error: {
      on: {
        'player.retry': { target: 'loading', actions: 'resetAttempts' },
      },
    },
  },
});

/** The player's states as the controls show them. */
export type PlayerStatus = 'idle' | 'loading' | 'starting' | 'playing' | 'buffering' | 'paused' | 'stalled' | 'offline' | 'error';
