import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { hostname } from 'node:os';
import { sql } from 'kysely';
import { createActor, fromCallback, fromPromise, type SnapshotFrom } from 'xstate';
import {
  transcodeJobMachine,
  transcodeRungs,
  transcodeStatusOf,
  transcodeTimeLimitMs,
  planRungs,
  type PlannedRung,
  type ProbedSource,
  type RungQuality,
  type TranscodeJobEvent,
} from '../../../src/machines/transcode-job-machine.ts';
import type { StoredRung } from '../../db/tables/video-tables.ts';
import { uploadsPathPrefix } from '../../ports/upload-storage.ts';
import type { ServerContext } from '../../ports/server-context.ts';
import { videoCachePrefix } from './video-list-service.ts';
import { findFfprobe, probeVideo } from './video-probe.ts';
import { findFfmpeg, makeRenditions, masterPlaylistPath, renditionMade, renditionsDirectory, writeMasterPlaylist } from './video-renditions.ts';

export interface TranscodeWorkerOptions {
  /** Jobs this process runs at once (one by default: ffmpeg takes the cores it is given). */
  concurrency?: number;
  /** How long a claim holds without being renewed; a process killed mid-job gives its jobs up after this. */
  leaseMs?: number;
  /** How often an idle worker looks for due jobs (an upload in this process wakes it at once). */
  pollMs?: number;
  /** Attempts before a job stays failed until its owner or an admin retries it. */
  maxAttempts?: number;
  /** The wait before the first automatic retry, doubled for each next one. */
  backoffMs?: number;
  /** The machine's time limit for one attempt. */
  timeLimitMs?: number;
  /** Whether ffmpeg is here; looked up on PATH by default. */
  toolsAvailable?: boolean;
}

export interface TranscodeWorker {
  /** Looks for a due job now. */
  wake(): void;
  /** Stops the run of a video's job in this process, if any, and waits for it to end. */
  cancel(videoId: number): Promise<void>;
  /** Stops claiming, kills the running ffmpeg and hands its jobs back (their leases end now). */
  stop(): Promise<void>;
}

const activeStatuses = ['queued', 'probing', 'transcoding', 'finishing'] as const;
/** Progress is written to the job at most this often; status changes and finished rungs at once. */
const progressWriteMs = 500;

/** The workers of this process, woken when an upload here queues a job. */
const workers = new Set<TranscodeWorker>();
export function wakeTranscodeWorkers(): void {
  for (const worker of workers) worker.wake();
}

/**
 * Stops this process's run of a video's job, if one runs here, and waits until its ffmpeg is gone, so a
 * deleted video's folder can be removed without an encoder writing into it again. A run in another
 * process stops at its next lease renewal, which finds the job row gone.
 */
export async function cancelTranscodesOf(videoId: number): Promise<void> {
  await Promise.all([...workers].map((worker) => worker.cancel(videoId)));
}

const isRungQuality = (value: string): value is RungQuality => transcodeRungs.some((rung) => rung.quality === value);

/**
 * The transcoding worker: claims one due job at a time per slot with `for update skip locked`, so several
 * processes share the queue without taking the same job, and holds it by a lease it renews while the
 * transcode-job machine runs it. The machine probes the source, makes each rendition in turn (progress
 * written to the job as it goes, each finished rendition recorded so a resumed job skips it), writes the
 * master playlist and points the video at it. A failed attempt waits a doubling backoff, then runs again,
 * until `maxAttempts`; then the job stays failed, with its reason, for its owner or an admin to retry.
 */
export function startTranscodeWorker(server: ServerContext, options: TranscodeWorkerOptions = {}): TranscodeWorker {
  const concurrency = options.concurrency ?? 1;
  const leaseMs = options.leaseMs ?? 30_000;
  const pollMs = options.pollMs ?? 5_000;
  const maxAttempts = options.maxAttempts ?? 3;
  const backoffMs = options.backoffMs ?? 30_000;
  const timeLimitMs = options.timeLimitMs ?? transcodeTimeLimitMs;
  const ffmpeg = findFfmpeg();
  const ffprobe = findFfprobe();
  const toolsAvailable = options.toolsAvailable ?? (ffmpeg !== null && ffprobe !== null);
  const me = `${hostname()}:${String(process.pid)}:${randomBytes(3).toString('hex')}`;
  const { db } = server.database;
  let stopped = false;
  const running = new Set<{ videoId: number; abort: AbortController; done: Promise<void> }>();
  let wakeUp: (() => void) | null = null;

  async function claim() {
    return db
      .updateTable('video_transcode_jobs')
      .set({
        claimed_by: me,
        lease_until: sql<Date>`now() + ${`${String(leaseMs)} milliseconds`}::interval`,
        status: sql<'probing'>`case when status = 'queued' then 'probing' else status end`,
        updated_at: sql<Date>`now()`,
      })
      .where(
        'id',
        '=',
        db
          .selectFrom('video_transcode_jobs')
          .select('id')
          .where('status', 'in', activeStatuses)
          .where('run_after', '<=', sql<Date>`now()`)
          .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', sql<Date>`now()`)]))
          .orderBy('run_after')
          .orderBy('id')
          .limit(1)
          .forUpdate()
          .skipLocked(),
      )
      .returningAll()
      .executeTakeFirst();
  }

  async function runJob(job: NonNullable<Awaited<ReturnType<typeof claim>>>, abort: AbortController): Promise<void> {
    const jobId = Number(job.id);
    const videoId = Number(job.video_id);
    const video = await db.selectFrom('videos').select(['video_path', 'duration_seconds', 'deleted_at']).where('id', '=', videoId).executeTakeFirst();
    if (!video || video.deleted_at || !video.video_path.startsWith(uploadsPathPrefix)) {
      await db.deleteFrom('video_transcode_jobs').where('id', '=', jobId).execute();
      return;
    }
    // Fetched to this machine when another machine stored it in a bucket; a source gone fails the probe below.
    const source = (await server.storage.localPath(basename(video.video_path))) ?? join(server.storage.directory, basename(video.video_path));
    const directory = renditionsDirectory(server.storage.directory, videoId);
    await mkdir(directory, { recursive: true });
    // Only renditions whole on disk count as made.
    const done = job.done.filter((quality) => isRungQuality(quality) && renditionMade(directory, quality)) as RungQuality[];
    let probedSource: ProbedSource | null = null;
    let durationSeconds = video.duration_seconds;
    // The machine asks for one rung at a time; the first ask starts one ffmpeg run for every rung still to make
    // (the source decoded once for the whole ladder), and each later ask waits for that same run.
    let ladder: { qualities: Set<RungQuality>; made: Promise<void>; listeners: Set<(share: number) => void>; abort: AbortController } | null = null;
    const startLadder = (rung: PlannedRung) => {
      const planned = probedSource ? planRungs(probedSource, done) : [rung];
      const rungs = planned.filter((entry) => entry.quality === rung.quality || (entry.progress < 1 && !renditionMade(directory, entry.quality)));
      const ladderAbort = new AbortController();
      const listeners = new Set<(share: number) => void>();
      const started = {
        qualities: new Set(rungs.map((entry) => entry.quality)),
        listeners,
        abort: ladderAbort,
        made: makeRenditions({
          ffmpeg: ffmpeg!,
          source,
          directory,
          rungs,
          durationSeconds,
          audioCodec: probedSource?.audioCodec ?? null,
          onProgress: (share) => {
            for (const listener of listeners) listener(share);
          },
          signal: ladderAbort.signal,
        }),
      };
      started.made.catch(() => undefined);
      return started;
    };

    const logic = transcodeJobMachine.provide({
      delays: { timeLimit: timeLimitMs },
      actors: {
        probe: fromPromise<ProbedSource>(async () => {
          const probed = ffprobe ? await probeVideo(ffprobe, source) : null;
          if (!probed) throw new Error('the source cannot be read');
          durationSeconds = probed.durationSeconds;
          probedSource = { height: probed.height, videoCodec: probed.videoCodec, audioCodec: probed.audioCodec };
          return probedSource;
        }),
        makeRung: fromCallback<TranscodeJobEvent, { rung: PlannedRung }>(({ input, sendBack }) => {
          if (!ladder || !ladder.qualities.has(input.rung.quality)) {
            ladder?.abort.abort();
            ladder = startLadder(input.rung);
          }
          const run = ladder;
          let ended = false;
          const onShare = (share: number) => {
            if (!ended) sendBack({ type: 'rung.progress', progress: share });
          };
          run.listeners.add(onShare);
          const onJobAbort = () => run.abort.abort();
          abort.signal.addEventListener('abort', onJobAbort, { once: true });
          run.made.then(
            () => {
              if (!ended) sendBack({ type: 'rung.done' });
            },
            (error: unknown) => {
              if (!ended && !run.abort.signal.aborted) sendBack({ type: 'rung.failed', reason: error instanceof Error ? error.message.slice(0, 200) : 'ffmpeg failed' });
            },
          );
          return () => {
            ended = true;
            run.listeners.delete(onShare);
            abort.signal.removeEventListener('abort', onJobAbort);
            // Leaving for the next rung keeps the run; leaving for failed (the time limit) or a stop ends it.
            queueMicrotask(() => {
              const snapshot = actor.getSnapshot();
              if (snapshot.status !== 'active' || !snapshot.matches({ working: 'transcoding' })) run.abort.abort();
            });
          };
        }),
        finish: fromPromise<void, { rungs: PlannedRung[] }>(async ({ input }) => {
          await writeMasterPlaylist(directory, input.rungs);
          await db
            .updateTable('videos')
            .set({ hls_path: masterPlaylistPath(videoId), renditions: input.rungs.map((rung) => rung.quality) })
            .where('id', '=', videoId)
            .execute();
          server.cache.invalidate(videoCachePrefix);
        }),
      },
    });

    // Writes go one after another, so the last snapshot is the one stored.
    let writes: Promise<unknown> = Promise.resolve();
    let lastProgressWrite = 0;
    let lastStatus = '';
    let lastDone = done.length;
    const store = (snapshot: SnapshotFrom<typeof transcodeJobMachine>, force = false) => {
      const status = transcodeStatusOf(snapshot.value);
      const madeOne = snapshot.context.done.length !== lastDone;
      const now = Date.now();
      if (!force && status === lastStatus && !madeOne && now - lastProgressWrite < progressWriteMs) return;
      lastStatus = status;
      lastDone = snapshot.context.done.length;
      lastProgressWrite = now;
      const rungs: StoredRung[] = snapshot.context.rungs.map(({ quality, height, copy, progress }) => ({ quality, height, copy, progress }));
      const doneNow = [...snapshot.context.done];
      if (status === 'failed' || status === 'ready' || status === 'unavailable') return;
      writes = writes.then(() =>
        db
          .updateTable('video_transcode_jobs')
          .set({ status, rungs: JSON.stringify(rungs), done: doneNow, updated_at: sql<Date>`now()` })
          .where('id', '=', jobId)
          .where('claimed_by', '=', me)
          .execute()
          .catch((error: unknown) => server.log.warn({ err: error, jobId }, 'could not store a transcoding job')),
      );
    };

    const actor = createActor(logic, { input: { toolsAvailable, done } });
    const finished = new Promise<SnapshotFrom<typeof transcodeJobMachine>>((resolve) => {
      actor.subscribe((snapshot) => {
        store(snapshot);
        const status = transcodeStatusOf(snapshot.value);
        if (status === 'ready' || status === 'unavailable' || status === 'failed') resolve(snapshot);
      });
      abort.signal.addEventListener('abort', () => resolve(actor.getSnapshot()), { once: true });
    });
    // The lease is renewed while the job runs; a lost lease (another worker took it after a stall) stops this run.
    const renew = setInterval(() => {
      void db
        .updateTable('video_transcode_jobs')
        .set({ lease_until: sql<Date>`now() + ${`${String(leaseMs)} milliseconds`}::interval` })
        .where('id', '=', jobId)
        .where('claimed_by', '=', me)
        .executeTakeFirst()
        .then((result) => {
          if (Number(result.numUpdatedRows) === 0) abort.abort();
        })
        .catch((error: unknown) => server.log.warn({ err: error, jobId }, 'could not renew a transcoding lease'));
    }, Math.max(50, Math.floor(leaseMs / 3)));
    actor.start();
    actor.send({ type: 'job.start' });
    const last = await finished;
    clearInterval(renew);
    actor.stop();
    await writes;
    const status = transcodeStatusOf(last.value);
    const rungs = JSON.stringify(last.context.rungs.map(({ quality, height, copy, progress }) => ({ quality, height, copy, progress })));
    if (abort.signal.aborted && status !== 'ready' && status !== 'unavailable') {
      // Stopped, not failed: handed back for the next worker, the renditions made so far kept.
      await db
        .updateTable('video_transcode_jobs')
        .set({ claimed_by: null, lease_until: null, done: [...last.context.done], updated_at: sql<Date>`now()` })
        .where('id', '=', jobId)
        .where('claimed_by', '=', me)
        .execute();
      return;
    }
    if (status === 'failed') {
      const attempts = job.attempts + 1;
      const retry = attempts < maxAttempts;
      const wait = backoffMs * 2 ** (attempts - 1);
      server.log.warn({ jobId, videoId, attempts, reason: last.context.reason }, retry ? 'a transcoding attempt failed; it will be retried' : 'a transcoding job failed');
      await db
        .updateTable('video_transcode_jobs')
        .set({
          status: retry ? 'queued' : 'failed',
          reason: last.context.reason?.slice(0, 200) ?? null,
          attempts,
          rungs,
          done: [...last.context.done],
          run_after: sql<Date>`now() + ${`${String(retry ? wait : 0)} milliseconds`}::interval`,
          claimed_by: null,
          lease_until: null,
          updated_at: sql<Date>`now()`,
        })
        .where('id', '=', jobId)
        .execute();
      return;
    }
    await db
      .updateTable('video_transcode_jobs')
      .set({ status, rungs, done: [...last.context.done], reason: null, claimed_by: null, lease_until: null, updated_at: sql<Date>`now()` })
      .where('id', '=', jobId)
      .execute();
  }

  async function slot(): Promise<void> {
    while (!stopped) {
      let job;
      try {
        job = await claim();
      } catch (error) {
        if (stopped) return;
        server.log.warn({ err: error }, 'could not claim a transcoding job');
      }
      if (!job) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, pollMs);
          const previous = wakeUp;
          wakeUp = () => {
            clearTimeout(timer);
            previous?.();
            resolve();
          };
        });
        wakeUp = null;
        continue;
      }
      const abort = new AbortController();
      const entry = { videoId: Number(job.video_id), abort, done: runJob(job, abort).catch((error: unknown) => server.log.warn({ err: error, jobId: job.id }, 'a transcoding job broke')) };
      running.add(entry);
      await entry.done;
      running.delete(entry);
    }
  }

  const worker: TranscodeWorker = {
    wake: () => wakeUp?.(),
    async cancel(videoId) {
      const runs = [...running].filter((entry) => entry.videoId === videoId);
      for (const entry of runs) entry.abort.abort();
      await Promise.all(runs.map((entry) => entry.done));
    },
    async stop() {
      stopped = true;
      workers.delete(worker);
      wakeUp?.();
      for (const entry of running) entry.abort.abort();
      await Promise.all([...running].map((entry) => entry.done));
      await Promise.all(slots);
    },
  };
  workers.add(worker);
  const slots = Array.from({ length: Math.max(0, concurrency) }, () => slot());
  return worker;
}
