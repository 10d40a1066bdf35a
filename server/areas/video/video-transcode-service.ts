import { sql, type Kysely } from 'kysely';
import { timestampOf } from '../../contract/timestamp.ts';
import type { DataOf } from '../../contract/operation-types.ts';
import type { Database } from '../../db/schema.ts';
import type { StoredRung, TranscodeJobRowStatus } from '../../db/tables/video-tables.ts';
import { DomainError } from '../../errors.ts';
import { translate, type Language } from '../../i18n/server-messages.ts';
import type { SessionUser } from '../../ports/session-resolver.ts';
import type { ServerContext } from '../../ports/server-context.ts';
import { transcodeFailures } from '../../../src/machines/transcode-job-machine.ts';
import { videoListMessages } from './video-list-service.ts';
import type { Paging } from './video-queries.ts';
import { wakeTranscodeWorkers } from './video-transcode-worker.ts';

export type TranscodeJob = DataOf<'videoUserTranscodeJob'>;
export type TranscodeJobPage = DataOf<'adminVideoTranscodeJobs'>;

export const transcodeMessages = {
  notYours: 'Only the author or an admin may see or retry this job',
  noJob: 'This video has no transcoding job',
  notFailed: 'Only a failed job can be retried',
  retried: 'Operation successful',
  [transcodeFailures.timeout]: 'The transcoding took too long',
  [transcodeFailures.unreadable]: 'The video file could not be read',
  ffmpegFailed: 'ffmpeg could not make a rendition',
} as const;

/** Queues the transcoding of a new upload (in the upload's transaction); the workers of this process are woken once it commits. */
export async function queueTranscode(trx: Kysely<Database>, videoId: number): Promise<void> {
  await trx.insertInto('video_transcode_jobs').values({ video_id: videoId }).onConflict((oc) => oc.column('video_id').doNothing()).execute();
}

export { wakeTranscodeWorkers };

function selectJobs(db: Kysely<Database>) {
  return db
    .selectFrom('video_transcode_jobs')
    .innerJoin('videos', 'videos.id', 'video_transcode_jobs.video_id')
    .select([
      'video_transcode_jobs.video_id',
      'videos.title',
      'videos.user_id',
      'video_transcode_jobs.status',
      'video_transcode_jobs.rungs',
      'video_transcode_jobs.reason',
      'video_transcode_jobs.attempts',
      'video_transcode_jobs.run_after',
      'video_transcode_jobs.updated_at',
    ])
    .where('videos.deleted_at', 'is', null);
}

type JobRow = Awaited<ReturnType<ReturnType<typeof selectJobs>['executeTakeFirstOrThrow']>>;

/** The stored reason in the reader's words: the machine's named failures translated, ffmpeg's own words summarised. */
function reasonOf(reason: string | null, language: Language): string | null {
  if (reason === null) return null;
  if (reason === transcodeFailures.timeout || reason === transcodeFailures.unreadable) return translate(transcodeMessages[reason], language);
  return `${translate(transcodeMessages.ffmpegFailed, language)} (${reason})`;
}

const qualities = new Set(['high_definition', 'standard', 'smooth']);

function toJob(row: JobRow, language: Language): TranscodeJob {
  const rungs = (row.rungs as StoredRung[]).filter((rung) => qualities.has(rung.quality));
  return {
    video_id: Number(row.video_id),
    title: row.title,
    status: row.status,
    rungs: rungs.map((rung) => ({
      quality: rung.quality as TranscodeJob['rungs'][number]['quality'],
      height: rung.height,
      copy: rung.copy,
      progress: Math.round(rung.progress * 1000) / 1000,
    })),
    reason: reasonOf(row.reason, language),
    attempts: row.attempts,
    retry_at: row.status === 'queued' && row.attempts > 0 ? timestampOf(row.run_after) : null,
    updated_at: timestampOf(row.updated_at),
  };
}

async function ownJob(server: ServerContext, user: SessionUser, videoId: number): Promise<JobRow> {
  const row = await selectJobs(server.database.db).where('video_transcode_jobs.video_id', '=', videoId).executeTakeFirst();
  if (!row) {
    const video = await server.database.db.selectFrom('videos').select('id').where('id', '=', videoId).where('deleted_at', 'is', null).executeTakeFirst();
    throw new DomainError(video ? transcodeMessages.noJob : videoListMessages.notFound);
  }
  if (Number(row.user_id) !== user.id && !user.roles.has('admin')) throw new DomainError(transcodeMessages.notYours);
  return row;
}

/** Video_user/transcodeJob: the job of the caller's video (or any, for an admin). */
export async function transcodeJob(server: ServerContext, user: SessionUser, videoId: number, language: Language): Promise<TranscodeJob> {
  return toJob(await ownJob(server, user, videoId), language);
}

/** Video_user/retryTranscode: a failed job queued again now, its attempts from zero and its made renditions kept. */
export async function retryTranscode(server: ServerContext, user: SessionUser, videoId: number, language: Language): Promise<TranscodeJob> {
  await ownJob(server, user, videoId);
  const retried = await server.database.db
    .updateTable('video_transcode_jobs')
    .set({ status: 'queued', attempts: 0, run_after: sql<Date>`now()`, claimed_by: null, lease_until: null, updated_at: sql<Date>`now()` })
    .where('video_id', '=', videoId)
    .where('status', '=', 'failed')
    .executeTakeFirst();
  if (Number(retried.numUpdatedRows) === 0) throw new DomainError(transcodeMessages.notFailed);
  wakeTranscodeWorkers();
  return toJob(await ownJob(server, user, videoId), language);
}

/** admin/videoTranscodeJobs: the jobs in one status (failed by default), the latest change first. */
export async function transcodeJobsFor(
  server: ServerContext,
  status: TranscodeJobRowStatus,
  paging: Paging,
  language: Language,
): Promise<TranscodeJobPage> {
  const base = selectJobs(server.database.db).where('video_transcode_jobs.status', '=', status);
  const [rows, total] = await Promise.all([
    base
      .orderBy('video_transcode_jobs.updated_at', 'desc')
      .orderBy('video_transcode_jobs.video_id', 'desc')
      .limit(paging.limit)
      .offset((paging.page - 1) * paging.limit)
      .execute(),
    server.database.db
      .selectFrom('video_transcode_jobs')
      .innerJoin('videos', 'videos.id', 'video_transcode_jobs.video_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('video_transcode_jobs.status', '=', status)
      .where('videos.deleted_at', 'is', null)
      .executeTakeFirstOrThrow(),
  ]);
  return { total: Number(total.n), page: paging.page, limit: paging.limit, list: rows.map((row) => toJob(row, language)) };
}
