import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InputOf } from '../../contract/operation-types.ts';
import { DomainError } from '../../errors.ts';
import type { Language } from '../../i18n/server-messages.ts';
import type { RecordedSegment } from '../../ports/broadcast-ingest.ts';
import type { ServerContext } from '../../ports/server-context.ts';
import type { SessionUser } from '../../ports/session-resolver.ts';
import { incidentMoment, linkMatchChapters } from './video-chapters-service.ts';
import type { Video } from './video-queries.ts';
import { findFfmpeg } from './video-renditions.ts';
import { storeVideo } from './video-upload-service.ts';

export const publishMessages = {
  notFound: 'This playback does not exist',
  notYours: 'Only the anchor of this broadcast may publish it',
  badStretch: 'Pick a stretch inside the recording, from 3 to 300 seconds long',
  cannotCut: 'The recording cannot be cut on this server',
} as const;

/** The shortest and longest stretch: a moment worth a video, and under the 50 MB every video stays below. */
export const stretchSeconds = { min: 3, max: 300 } as const;
/** A cut taking longer than this is given up (a 300 s stretch is copied in seconds, re-encoded in a minute or two). */
const cutTimeLimitMs = 5 * 60_000;
/** How near a fragment's edge a stretch's end may be for the fragments to be copied rather than re-encoded. */
const edgeSeconds = 0.05;

export interface Stretch {
  /** The fragments to read, in order. */
  segments: RecordedSegment[];
  /** Where the stretch starts in the first fragment. */
  offset: number;
  /** How long it lasts. */
  seconds: number;
  /** Whether it starts and ends on fragment edges, which start key frames: then it is copied as it is. */
  aligned: boolean;
}

/** The fragments covering [start, end) of a recording, or null when the stretch is not inside it. */
export function stretchOf(segments: readonly RecordedSegment[], start: number, end: number): Stretch | null {
  let at = 0;
  const picked: RecordedSegment[] = [];
  let offset = 0;
  let startAligned = false;
  let endAligned = false;
  for (const segment of segments) {
    const from = at;
    const to = at + segment.seconds;
    at = to;
    if (to <= start || from >= end) continue;
    if (picked.length === 0) {
      offset = start - from;
      startAligned = offset <= edgeSeconds;
    }
    picked.push(segment);
    if (to >= end) {
      endAligned = to - end <= edgeSeconds;
      break;
    }
  }
  if (picked.length === 0 || end > at + edgeSeconds) return null;
  return { segments: picked, offset: startAligned ? 0 : offset, seconds: end - start, aligned: startAligned && endAligned };
}

/**
 * Cuts a stretch out of a recording into an mp4 with ffmpeg's concat reader (which lays the fragments end to end
 * even where their time stamps start over): copied when it starts and ends on fragment edges, re-encoded
 * otherwise so it starts and ends where asked.
 */
async function cutStretch(ffmpeg: string, stretch: Stretch, target: string): Promise<void> {
  const work = await mkdtemp(join(tmpdir(), 'pitchside-cut-'));
  try {
    const list = join(work, 'fragments.ffconcat');
    const lines = ['ffconcat version 1.0'];
    for (const segment of stretch.segments) lines.push(`file '${segment.file.replaceAll("'", "'\\''")}'`, `duration ${segment.seconds.toFixed(3)}`);
    await writeFile(list, `${lines.join('\n')}\n`);
    const codec = stretch.aligned
      ? ['-c', 'copy']
      : ['-ss', stretch.offset.toFixed(3), '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '128k'];
    const args = [
      '-v', 'error', '-nostdin', '-y',
      '-f', 'concat', '-safe', '0', '-i', list,
      '-map', '0:v:0', '-map', '0:a:0?',
      ...codec,
      '-t', stretch.seconds.toFixed(3),
      '-movflags', '+faststart',
      target,
    ];
    await new Promise<void>((resolve, reject) => {
      execFile(ffmpeg, args, { timeout: cutTimeLimitMs }, (error, _stdout, stderr) => {
        if (error) reject(new Error(`ffmpeg could not cut the recording: ${stderr.trim().split('\n').pop() ?? error.message}`));
        else resolve();
      });
    });
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * Video_user/publishPlayback: a stretch of the caller's own past broadcast becomes a video without an upload. The
 * recording's fragments are cut into a new source file, which then goes the way of any uploaded video (ffprobe,
 * poster frame, the transcoding job). A broadcast of a match makes a match video: the match's goals and cards
 * inside the stretch become its chapters.
 */
export async function publishPlayback(
  server: ServerContext,
  user: SessionUser,
  input: InputOf<'videoUserPublishPlayback'>,
  language: Language,
): Promise<Video> {
  const record = await server.database.db
    .selectFrom('live_records')
    .innerJoin('live_rooms', 'live_rooms.id', 'live_records.room_id')
    .leftJoin('matches', 'matches.id', 'live_records.match_id')
    .select([
      'live_records.playback_path',
      'live_records.started_at',
      'live_records.ended_at',
      'live_records.match_id',
      'live_rooms.anchor_id',
      'matches.start_time as kick_off',
    ])
    .where('live_records.id', '=', input.playback_id)
    .where('live_records.ended_at', 'is not', null)
    .where('live_records.playback_path', 'is not', null)
    .executeTakeFirst();
  if (!record?.playback_path || !record.ended_at) throw new DomainError(publishMessages.notFound);
  if (Number(record.anchor_id) !== user.id) throw new DomainError(publishMessages.notYours);
  const length = input.end - input.start;
  if (length < stretchSeconds.min || length > stretchSeconds.max) throw new DomainError(publishMessages.badStretch);
  const ffmpeg = findFfmpeg();
  if (!ffmpeg) throw new DomainError(publishMessages.cannotCut);
  const segments = await server.ingest.recordingSegments(record.playback_path);
  if (!segments) throw new DomainError(publishMessages.cannotCut);
  const stretch = stretchOf(segments, input.start, input.end);
  if (!stretch) throw new DomainError(publishMessages.badStretch);

  const name = `${randomBytes(16).toString('hex')}.mp4`;
  const target = join(server.storage.directory, name);
  try {
    await cutStretch(ffmpeg, stretch, target);
  } catch (error) {
    await unlink(target).catch(() => undefined);
    server.log.warn({ err: error, playbackId: input.playback_id }, 'a broadcast stretch could not be cut');
    throw new DomainError(publishMessages.cannotCut);
  }
  const [{ size }, sha256] = await Promise.all([stat(target), sha256Of(target)]);
  try {
    await server.storage.keep(target, name, 'video/mp4');
  } catch (error) {
    await unlink(target).catch(() => undefined);
    throw error;
  }
  const { playback_id: _playbackId, start: _start, end: _end, ...fields } = input;
  const matchId = record.match_id === null ? null : Number(record.match_id);
  const kickOff = record.kick_off;
  const broadcast = { from: record.started_at, to: record.ended_at };
  // The wall-clock moment the video's first frame was on air.
  const firstFrame = record.started_at.getTime() + input.start * 1000;
  return storeVideo(server, user, fields, { name, type: 'video/mp4', bytes: size, sha256, size: null }, undefined, language, {
    afterInsert:
      matchId === null || !kickOff
        ? undefined
        : (trx, videoId, durationSeconds) =>
            linkMatchChapters(trx, videoId, matchId, durationSeconds, (incident) =>
              Math.round((incidentMoment(kickOff, incident, broadcast).getTime() - firstFrame) / 1000),
            ).then(() => undefined),
  });
}
