import { assign, emit, setup, type SnapshotFrom } from 'xstate';

/** SPEC §9 barrage area: 1 the top third, 2 the top half, 3 the whole picture (SPEC §3 default 3). */
export type DanmakuArea = 1 | 2 | 3;
/** SPEC §9 font size: 1 small, 2 medium, 3 large (SPEC §3 default 2). */
export type DanmakuSize = 1 | 2 | 3;

/** SPEC §3 game settings for danmaku, as stored under `gameSeting`. */
export interface DanmakuSettings {
  /** Whether danmaku fly at all (default true). */
  show: boolean;
  area: DanmakuArea;
  size: DanmakuSize;
  /** SPEC §9 transparency, as opacity in percent: 100 is solid (default 100). */
  opacity: number;
}

export const defaultDanmakuSettings: DanmakuSettings = { show: true, area: 3, size: 2, opacity: 100 };

/** The part of the picture's height each area fills, from the top. */
export const areaFractions: Record<DanmakuArea, number> = { 1: 1 / 3, 2: 1 / 2, 3: 1 };
/** Font sizes on a picture 960 px wide or more. */
export const fontPxOfSize: Record<DanmakuSize, number> = { 1: 18, 2: 24, 3: 30 };
/** A lane is this many times the font size high. */
export const laneHeightRatio = 1.4;
/** Every item crosses the picture's width in this long, at one speed for all, so none catches up another. */
export const crossMs = 7_000;
/** Waiting messages beyond this many push out the oldest: 30 a second must never pile up. */
export const maxQueued = 12;

/** The picture the danmaku fly over, in CSS pixels. */
export interface DanmakuStage {
  width: number;
  height: number;
}

/** The font size on this stage: smaller pictures (a phone) get smaller letters, never under two thirds. */
export function danmakuFontPx(size: DanmakuSize, stageWidth: number): number {
  return Math.round(fontPxOfSize[size] * Math.min(1, Math.max(2 / 3, stageWidth / 960)));
}

/** How many lanes fit the area on this stage. */
export function laneCountOf(settings: Pick<DanmakuSettings, 'area' | 'size'>, stage: DanmakuStage): number {
  const laneHeight = danmakuFontPx(settings.size, stage.width) * laneHeightRatio;
  return laneHeight > 0 ? Math.max(0, Math.floor((stage.height * areaFractions[settings.area]) / laneHeight)) : 0;
}

/** Pixels per millisecond, the same for every item on a stage. */
export const speedOf = (stage: DanmakuStage): number => stage.width / crossMs;

/** The space kept between two items of a lane: one letter. */
export const laneGapPx = (settings: Pick<DanmakuSettings, 'size'>, stage: DanmakuStage): number => danmakuFontPx(settings.size, stage.width);

/** A message to fly, measured by the caller at the font size of the current settings. */
export interface DanmakuItem {
  id: string;
  text: string;
  /** The viewer's own message: outlined, and never pushed out of the queue by others. */
  isMine: boolean;
  /** Its width in CSS pixels. */
  width: number;
}

export interface DanmakuLaneContext {
  settings: DanmakuSettings;
  stage: DanmakuStage;
  /** When each lane is free again (the last item's tail is a gap inside the picture), on `now`'s clock. */
  lanes: number[];
  /** When each lane's last item has left the picture altogether. */
  ends: number[];
  /** Messages waiting for a lane, oldest first. */
  queue: DanmakuItem[];
  /** Whether the video is paused; the danmaku stand still with it. */
  videoPaused: boolean;
  /** When the current pause began. */
  pausedAt: number;
  /** How many messages may wait (`maxQueued` unless the input says). */
  queueLimit: number;
  /** Messages dropped because the queue was full, or arrived while hidden. */
  dropped: number;
  /** The clock the lanes are timed on (the actor's clock: `performance.now` in the page). */
  now: () => number;
}

export interface DanmakuLaneInput {
  settings: DanmakuSettings;
  stage?: DanmakuStage;
  paused?: boolean;
  /** The clock the lanes are timed on; the actor's clock, so that timers and lanes agree. */
  now: () => number;
  /** How many messages may wait; `maxQueued` by default. */
  queueLimit?: number;
}

export type DanmakuLaneEvent =
  | { type: 'message.received'; item: DanmakuItem }
  /** The message was deleted by the room's moderators: if it still waits for a lane, it never flies. */
  | { type: 'message.withdrawn'; id: string }
  | { type: 'video.paused' }
  | { type: 'video.resumed' }
  | { type: 'settings.changed'; settings: DanmakuSettings }
  | { type: 'stage.resized'; stage: DanmakuStage };

/** A launch: the item enters at the right edge of `lane` and leaves at the left after `durationMs` of play. */
export interface DanmakuLaunch {
  type: 'danmaku.launched';
  item: DanmakuItem;
  lane: number;
  /** Top of the lane in CSS pixels. */
  top: number;
  fontPx: number;
  /** From the right edge until its tail leaves at the left, at the stage's speed. */
  durationMs: number;
}

export type DanmakuLaneEmitted = DanmakuLaunch | { type: 'danmaku.cleared' };

const freeLaneOf = (context: DanmakuLaneContext): number => {
  const now = context.now();
  return context.lanes.findIndex((freeAt) => freeAt <= now);
};

const emptyLanes = (settings: DanmakuSettings, stage: DanmakuStage): number[] => Array.from({ length: laneCountOf(settings, stage) }, () => -Infinity);

const geometryOf = (settings: DanmakuSettings, stage: DanmakuStage) => `${String(settings.area)}/${String(settings.size)}/${String(stage.width)}x${String(stage.height)}`;

/**
 * Danmaku lanes over a video: each message gets the topmost lane whose last item has fully entered
 * the picture with a gap behind it, so no two items of a lane overlap (all move at one speed). When
 * every lane is busy messages wait in a short queue, the oldest pushed out first; a paused video
 * stops the clock of the lanes; hiding danmaku clears them. The caller flies the launched items.
 */
export const danmakuLaneMachine = setup({
  types: {
    context: {} as DanmakuLaneContext,
    events: {} as DanmakuLaneEvent,
    input: {} as DanmakuLaneInput,
    emitted: {} as DanmakuLaneEmitted,
  },
  delays: {
    // Until the first busy lane frees; the states that wait have a lane and a queue.
    laneFree: ({ context }) => Math.max(0, Math.min(...context.lanes) - context.now()),
  },
  guards: {
    hidden: ({ context }) => !context.settings.show,
    shownNow: ({ event }) => event.type === 'settings.changed' && event.settings.show,
    hiddenNow: ({ event }) => event.type === 'settings.changed' && !event.settings.show,
    videoPaused: ({ context }) => context.videoPaused,
    canLaunch: ({ context }) => context.queue.length > 0 && freeLaneOf(context) >= 0,
    geometryChanged: ({ context, event }) =>
      event.type === 'settings.changed' && geometryOf(event.settings, context.stage) !== geometryOf(context.settings, context.stage),
    mustWait: ({ context }) => context.queue.length > 0 && context.lanes.length > 0,
  },
  actions: {
    enqueue: assign(({ context, event }) => {
      if (event.type !== 'message.received') return {};
      const queue = event.item.isMine
        ? [...context.queue.filter((item) => item.isMine), event.item, ...context.queue.filter((item) => !item.isMine)]
        : [...context.queue, event.item];
      if (queue.length <= context.queueLimit) return { queue };
      // The oldest of the others goes; own messages stay (a viewer sends far fewer than 12 at once).
      const drop = queue.findIndex((item) => !item.isMine);
      return { queue: queue.filter((_, index) => index !== (drop < 0 ? 0 : drop)), dropped: context.dropped + 1 };
    }),
    countDropped: assign({ dropped: ({ context }) => context.dropped + 1 }),
    withdraw: assign(({ context, event }) => (event.type === 'message.withdrawn' ? { queue: context.queue.filter((item) => item.id !== event.id) } : {})),
    launchNext: assign(({ context }) => {
      const lane = freeLaneOf(context);
      const [item, ...queue] = context.queue;
      if (lane < 0 || !item) return {};
      const speed = speedOf(context.stage);
      const lanes = [...context.lanes];
      const ends = [...context.ends];
      lanes[lane] = context.now() + (item.width + laneGapPx(context.settings, context.stage)) / speed;
      ends[lane] = context.now() + (context.stage.width + item.width) / speed;
      return { lanes, ends, queue };
    }),
    emitLaunch: emit(({ context }): DanmakuLaunch => {
      const item = context.queue[0]!;
      const lane = freeLaneOf(context);
      const fontPx = danmakuFontPx(context.settings.size, context.stage.width);
      return {
        type: 'danmaku.launched',
        item,
        lane,
        top: lane * fontPx * laneHeightRatio,
        fontPx,
        durationMs: (context.stage.width + item.width) / speedOf(context.stage),
      };
    }),
    emitCleared: emit({ type: 'danmaku.cleared' }),
    clear: assign(({ context }) => ({ queue: [], lanes: emptyLanes(context.settings, context.stage), ends: [] })),
    storeSettings: assign(({ context, event }) => {
      if (event.type !== 'settings.changed') return {};
      const changed = geometryOf(event.settings, context.stage) !== geometryOf(context.settings, context.stage);
      return changed
        ? { settings: event.settings, lanes: emptyLanes(event.settings, context.stage), ends: [], queue: [] }
        : { settings: event.settings };
    }),
    // The items in flight keep the speed and lanes of the old size (full screen comes and goes with
    // them on screen): new ones wait until the last of them has left, so none can meet them.
    storeStage: assign(({ context, event }) => {
      if (event.type !== 'stage.resized') return {};
      const lastEnd = Math.max(-Infinity, ...context.ends);
      const lanes = emptyLanes(context.settings, event.stage).map(() => (lastEnd > context.now() ? lastEnd : -Infinity));
      return { stage: event.stage, lanes, ends: lanes.map((at) => at), queue: [] };
    }),
    // The timer was set for the first lane to free: it is free, whatever the clock reads.
    freeFirstLane: assign(({ context }) => {
      const first = Math.min(...context.lanes);
      const index = context.lanes.indexOf(first);
      return { lanes: context.lanes.map((freeAt, lane) => (lane === index ? -Infinity : freeAt)) };
    }),
    markPaused: assign(({ context }) => ({ videoPaused: true, pausedAt: context.now() })),
    markResumed: assign({ videoPaused: false }),
    // Items stood still while paused: every lane frees that much later.
    shiftLanes: assign(({ context }) => {
      const paused = context.now() - context.pausedAt;
      return { lanes: context.lanes.map((freeAt) => freeAt + paused), ends: context.ends.map((endAt) => endAt + paused) };
    }),
  },
}).createMachine({
  id: 'danmakuLanes',
  context: ({ input }) => {
    const stage = input.stage ?? { width: 0, height: 0 };
    return {
      settings: input.settings,
      stage,
      lanes: emptyLanes(input.settings, stage),
      ends: [],
      queue: [],
      videoPaused: input.paused ?? false,
      pausedAt: input.now(),
      queueLimit: input.queueLimit ?? maxQueued,
      dropped: 0,
      now: input.now,
    };
  },
  initial: 'choosing',
  on: { 'message.withdrawn': { actions: 'withdraw' } },
  states: {
    choosing: {
      always: [{ guard: 'hidden', target: 'hidden' }, { guard: 'videoPaused', target: 'paused' }, { target: 'running' }],
    },
    hidden: {
      tags: ['hidden'],
      on: {
        'message.received': { actions: 'countDropped' },
        'settings.changed': [{ guard: 'shownNow', target: 'choosing', actions: 'storeSettings' }, { actions: 'storeSettings' }],
        'stage.resized': { actions: 'storeStage' },
        'video.paused': { actions: 'markPaused' },
        'video.resumed': { actions: 'markResumed' },
      },
    },
    running: {
      tags: ['moving'],
      on: {
        'message.received': { target: '.flowing', actions: 'enqueue' },
        'video.paused': { target: 'paused', actions: 'markPaused' },
        'settings.changed': [
          { guard: 'hiddenNow', target: 'hidden', actions: ['storeSettings', 'clear', 'emitCleared'] },
          { guard: 'geometryChanged', target: '.flowing', actions: ['emitCleared', 'storeSettings'] },
          { actions: 'storeSettings' },
        ],
        'stage.resized': { target: '.flowing', actions: 'storeStage' },
      },
      initial: 'flowing',
      states: {
        flowing: {
          always: [
            { guard: 'canLaunch', actions: ['emitLaunch', 'launchNext'] },
            { guard: 'mustWait', target: 'waiting' },
          ],
        },
        waiting: {
          tags: ['waiting'],
          // Messages wait without restarting the timer, or 30 a second would hold it off for ever.
          on: { 'message.received': { actions: 'enqueue' } },
          after: { laneFree: { target: 'flowing', actions: 'freeFirstLane' } },
        },
      },
    },
    paused: {
      tags: ['paused'],
      on: {
        'message.received': { actions: 'enqueue' },
        'video.resumed': { target: 'running', actions: ['shiftLanes', 'markResumed'] },
        'settings.changed': [
          { guard: 'hiddenNow', target: 'hidden', actions: ['storeSettings', 'clear', 'emitCleared'] },
          { guard: 'geometryChanged', actions: ['emitCleared', 'storeSettings'] },
          { actions: 'storeSettings' },
        ],
        'stage.resized': { actions: 'storeStage' },
      },
    },
  },
});

export type DanmakuLaneSnapshot = SnapshotFrom<typeof danmakuLaneMachine>;
