import { fromCallback, fromPromise, type AnyMachineSnapshot } from 'xstate';
import { describe, expect, it } from 'vitest';
import { describeModel, timerEventsOf } from './path-replay.ts';
import {
  planRungs,
  transcodeFailures,
  transcodeJobMachine,
  transcodeStatusOf,
  transcodeTimeLimitMs,
  type PlannedRung,
  type ProbedSource,
  type TranscodeJobEvent,
} from './transcode-job-machine.ts';
import { describeCoverage } from './path-coverage.ts';

const stubbed = transcodeJobMachine.provide({
  actors: {
    probe: fromPromise<ProbedSource>(() => new Promise(() => {})),
    makeRung: fromCallback<TranscodeJobEvent, { rung: PlannedRung }>(() => () => undefined),
    finish: fromPromise<void, { rungs: PlannedRung[] }>(() => new Promise(() => {})),
  },
});

const fullHd: ProbedSource = { height: 1080, videoCodec: 'h264', audioCodec: 'aac' };
const small: ProbedSource = { height: 360, videoCodec: 'h264', audioCodec: 'aac' };

const events = [
  { type: 'job.start' },
  { type: 'job.retry' },
  { type: 'xstate.done.actor.probe', output: fullHd },
  { type: 'xstate.done.actor.probe', output: small },
  { type: 'xstate.error.actor.probe', error: new Error('not a video') },
  { type: 'rung.progress', progress: 0.5 },
  { type: 'rung.done' },
  { type: 'rung.failed', reason: 'ffmpeg exited with 1' },
  { type: 'xstate.done.actor.finish' },
  { type: 'xstate.error.actor.finish', error: new Error('disk full') },
  ...timerEventsOf(transcodeJobMachine),
];
// The simple-path walk leaves out progress, whose every value would be another state.
const simpleEvents = events.filter((event) => event.type !== 'rung.progress' && event.type !== 'job.retry' && !('output' in event && event.output === small));

/** The attempt count grows with each retry; the graph would never end if it told states apart. */
const serializeState = (snapshot: AnyMachineSnapshot) => {
  const { attempts: _attempts, ...context } = snapshot.context as Record<string, unknown>;
  return JSON.stringify({ value: snapshot.value, context });
};

function invariant(snapshot: AnyMachineSnapshot) {
  const status = transcodeStatusOf(snapshot.value);
  const context = snapshot.context as ReturnType<typeof stubbed.resolveState>['context'];
  expect(snapshot.hasTag('busy')).toBe(['probing', 'transcoding', 'finishing'].includes(status));
  // Failed says why, and only failed does; only failed takes a retry.
  expect(context.reason !== null).toBe(status === 'failed');
  expect(snapshot.can({ type: 'job.retry' })).toBe(status === 'failed');
  // Never a rung above the source; progress within 0..1; the rung being made is one not yet made.
  for (const rung of context.rungs) expect(rung.progress).toBeGreaterThanOrEqual(0);
  for (const rung of context.rungs) expect(rung.progress).toBeLessThanOrEqual(1);
  if (status === 'transcoding') expect(context.rungs[context.current]!.progress).toBeLessThan(1);
  if (status === 'finishing' || status === 'ready') expect(context.rungs.every((rung) => rung.progress === 1)).toBe(true);
  expect(snapshot.status === 'done').toBe(status === 'ready' || status === 'unavailable');
}

for (const toolsAvailable of [true, false]) {
  describeModel({
    name: `transcode job ${toolsAvailable ? 'with' : 'without'} ffmpeg`,
    machine: stubbed,
    input: { toolsAvailable },
    events,
    simpleEvents,
    delays: { timeLimit: transcodeTimeLimitMs },
    serializeState,
    invariant,
  });
}

describeModel({
  name: 'transcode job resumed after a restart with 720p made',
  machine: stubbed,
  input: { toolsAvailable: true, done: ['high_definition'] },
  events,
  simpleEvents,
  delays: { timeLimit: transcodeTimeLimitMs },
  serializeState,
  invariant,
});

describe('the ladder of a source', () => {
  it('never goes above the source height and copies only a browser-ready rung at the source height', () => {
    expect(planRungs(fullHd).map((rung) => [rung.height, rung.copy])).toEqual([
      [720, false],
      [480, false],
      [360, false],
    ]);
    expect(planRungs({ height: 480, videoCodec: 'h264', audioCodec: 'aac' }).map((rung) => [rung.height, rung.copy])).toEqual([
      [480, true],
      [360, false],
    ]);
    expect(planRungs({ height: 480, videoCodec: 'vp9', audioCodec: 'opus' }).every((rung) => !rung.copy)).toBe(true);
    expect(planRungs({ height: 240, videoCodec: 'h264', audioCodec: null })).toEqual([{ quality: 'smooth', height: 240, copy: true, progress: 0 }]);
  });

  it('says timeout when the time limit passes', () => {
    expect(transcodeFailures.timeout).toBe('timeout');
  });
});

describeCoverage(transcodeJobMachine);
