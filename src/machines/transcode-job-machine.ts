import { assign, fromCallback, fromPromise, setup } from 'xstate';

/** The renditions an uploaded video gets (SPEC §9's qualities below the original), best first. */
export const transcodeRungs = [
  { quality: 'high_definition', height: 720 },
  { quality: 'standard', height: 480 },
  { quality: 'smooth', height: 360 },
] as const;
export type RungQuality = (typeof transcodeRungs)[number]['quality'];

/** A job runs at most this long, probing to poster frame; a longer one has met a file that will not end. */
export const transcodeTimeLimitMs = 15 * 60_000;

/** What probing the source found. */
export interface ProbedSource {
  height: number;
  videoCodec: string;
  audioCodec: string | null;
}

/** One rendition to make: copied when the source already is H.264/AAC at that height, else encoded. */
export interface PlannedRung {
  quality: RungQuality;
  height: number;
  copy: boolean;
  /** 0 to 1. */
  progress: number;
}

/** The rungs for a source: never above its height; the one at its own height copied when it is H.264 with AAC (or no) sound. */
export function planRungs(source: ProbedSource, done: readonly RungQuality[] = []): PlannedRung[] {
  const browserReady = source.videoCodec === 'h264' && (source.audioCodec === null || source.audioCodec === 'aac');
  const rungs = transcodeRungs.filter((rung) => rung.height <= source.height);
  // A source below the lowest rung still gets one rendition, at its own height.
  const planned = rungs.length ? rungs : [{ quality: 'smooth' as const, height: source.height }];
  return planned.map((rung) => ({
    quality: rung.quality,
    height: rung.height,
    copy: browserReady && rung.height === source.height,
    progress: done.includes(rung.quality) ? 1 : 0,
  }));
}

export interface TranscodeJobInput {
  /** Whether this machine has ffmpeg: without it the original plays and no rendition is made. */
  toolsAvailable: boolean;
  /** Renditions made before a restart, which the resumed job does not make again. */
  done?: readonly RungQuality[];
}

export interface TranscodeJobContext {
  toolsAvailable: boolean;
  done: RungQuality[];
  rungs: PlannedRung[];
  /** The rung being made, an index into `rungs`. */
  current: number;
  /** Why the job failed, shown to the owner and the admins. */
  reason: string | null;
  attempts: number;
}

export type TranscodeJobEvent =
  | { type: 'job.start' }
  | { type: 'job.retry' }
  | { type: 'rung.progress'; progress: number }
  | { type: 'rung.done' }
  | { type: 'rung.failed'; reason: string };

/** Why a failed job failed, in words the page translates. */
export const transcodeFailures = {
  timeout: 'timeout',
  unreadable: 'unreadable',
} as const;

const firstUnmade = (rungs: readonly PlannedRung[], from: number) => {
  const index = rungs.findIndex((rung, at) => at >= from && rung.progress < 1);
  return index === -1 ? rungs.length : index;
};

export const transcodeJobMachine = setup({
  types: {
    context: {} as TranscodeJobContext,
    events: {} as TranscodeJobEvent,
    input: {} as TranscodeJobInput,
  },
  actors: {
    /** Reads the source with ffprobe. */
    probe: fromPromise<ProbedSource>(async () => ({ height: 720, videoCodec: 'h264', audioCodec: 'aac' })),
    /** Makes one rendition, sending `rung.progress` as it goes, then `rung.done` or `rung.failed`. */
    makeRung: fromCallback<TranscodeJobEvent, { rung: PlannedRung }>(() => () => undefined),
    /** Writes the master playlist and the poster frame, and points the video at its renditions. */
    finish: fromPromise<void, { rungs: PlannedRung[] }>(async () => undefined),
  },
  actions: {
    plan: assign(({ context }, source: ProbedSource) => {
      const rungs = planRungs(source, context.done);
      return { rungs, current: firstUnmade(rungs, 0) };
    }),
    noteProgress: assign(({ context, event }) => {
      if (event.type !== 'rung.progress') return {};
      const progress = Math.min(1, Math.max(0, event.progress));
      return { rungs: context.rungs.map((rung, index) => (index === context.current ? { ...rung, progress } : rung)) };
    }),
    finishRung: assign(({ context }) => {
      const rungs = context.rungs.map((rung, index) => (index === context.current ? { ...rung, progress: 1 } : rung));
      return {
        rungs,
        done: [...context.done, context.rungs[context.current]!.quality],
        current: firstUnmade(rungs, context.current + 1),
      };
    }),
    failWith: assign((_, reason: string) => ({ reason })),
    reset: assign(({ context }) => ({ reason: null, attempts: context.attempts + 1 })),
  },
  guards: {
    noTools: ({ context }) => !context.toolsAvailable,
    moreRungs: ({ context }) => firstUnmade(context.rungs, context.current + 1) < context.rungs.length,
  },
  delays: {
    timeLimit: transcodeTimeLimitMs,
  },
}).createMachine({
  id: 'transcodeJob',
  context: ({ input }) => ({
    toolsAvailable: input.toolsAvailable,
    done: [...(input.done ?? [])],
    rungs: [],
    current: 0,
    reason: null,
    attempts: 0,
  }),
  initial: 'queued',
  states: {
    queued: {
      on: {
        'job.start': [{ guard: 'noTools', target: 'unavailable' }, { target: 'working' }],
      },
    },
    working: {
      tags: ['busy'],
      after: { timeLimit: { target: 'failed', actions: { type: 'failWith', params: transcodeFailures.timeout } } },
      initial: 'probing',
      states: {
        probing: {
          invoke: {
            id: 'probe',
            src: 'probe',
            onDone: [
              {
                guard: ({ context, event }) => firstUnmade(planRungs(event.output, context.done), 0) >= planRungs(event.output, context.done).length,
                target: 'finishing',
                actions: { type: 'plan', params: ({ event }) => event.output },
              },
              { target: 'transcoding', actions: { type: 'plan', params: ({ event }) => event.output } },
            ],
            onError: { target: '#transcodeJob.failed', actions: { type: 'failWith', params: transcodeFailures.unreadable } },
          },
        },
        transcoding: {
          invoke: {
            id: 'makeRung',
            src: 'makeRung',
            input: ({ context }) => ({ rung: context.rungs[context.current]! }),
          },
          on: {
            'rung.progress': { actions: 'noteProgress' },
            'rung.done': [
              { guard: 'moreRungs', target: 'transcoding', reenter: true, actions: 'finishRung' },
              { target: 'finishing', actions: 'finishRung' },
            ],
            'rung.failed': { target: '#transcodeJob.failed', actions: { type: 'failWith', params: ({ event }) => event.reason } },
          },
        },
        finishing: {
          invoke: {
            id: 'finish',
            src: 'finish',
            input: ({ context }) => ({ rungs: context.rungs }),
            onDone: '#transcodeJob.ready',
            onError: { target: '#transcodeJob.failed', actions: { type: 'failWith', params: transcodeFailures.unreadable } },
          },
        },
      },
    },
    ready: { type: 'final' },
    // The original plays; the page says renditions are unavailable here.
    unavailable: { type: 'final' },
    failed: {
      on: {
        'job.retry': { target: 'queued', actions: 'reset' },
      },
    },
  },
});

/** The job's states as stored and shown. */
export type TranscodeJobStatus = 'queued' | 'probing' | 'transcoding' | 'finishing' | 'ready' | 'unavailable' | 'failed';

/** The stored status of a snapshot of the machine. */
export function transcodeStatusOf(value: unknown): TranscodeJobStatus {
  if (typeof value === 'string') return value as TranscodeJobStatus;
  if (value && typeof value === 'object' && 'working' in value) return (value as { working: TranscodeJobStatus }).working;
  return 'queued';
}
