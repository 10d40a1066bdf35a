import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepExpiredUploads, tusFile, tusMessages, tusUploadsPerUser } from '../../server/areas/video/video-tus-routes.ts';
import { resumableMessages } from '../../server/areas/video/video-upload-service.ts';
import { ResultCode } from '../../server/errors.ts';
import type { components } from '../../src/api/schema.d.ts';
import { createLoggedInUser } from './demo-session.ts';
import { startTestServer, type TestServer } from './test-server.ts';

type Video = components['schemas']['Video'];

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
let nextMobile = 1;

describe('resumable video uploads (tus 1.0.0): creation, offsets, checksums, resuming a cut upload', () => {
  let server: TestServer;
  let dataDir: string;
  let clips: string;
  let clip: Buffer;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'pitchside-tus-'));
    clips = mkdtempSync(join(tmpdir(), 'pitchside-tus-clips-'));
    process.env.DATA_DIR = dataDir;
    server = await startTestServer();
    // A few megabytes of video, so half of it is many network chunks.
    const file = join(clips, 'clip.mp4');
    execFileSync('ffmpeg', [
      '-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=640x360:rate=25:duration=4', '-f', 'lavfi', '-i', 'sine=duration=4',
      '-c:v', 'libx264', '-preset', 'ultrafast', '-qp', '8', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', file,
    ]);
    clip = readFileSync(file);
  });
  afterAll(async () => {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(clips, { recursive: true, force: true });
  });

  async function newUser() {
    const suffix = String(nextMobile++).padStart(4, '0');
    return createLoggedInUser(server, { mobile: `86-1558000${suffix}`, nickname: `续传${suffix}`, invitePrefix: 'TUS' });
  }
  const tus = (token: string, extra: Record<string, string> = {}) => ({ 'tus-resumable': '1.0.0', token, ...extra });
  async function create(token: string, length: number, name = 'clip.mp4'): Promise<string> {
    const response = await fetch(`${server.baseUrl}/api/tus/videos`, {
      method: 'POST',
      headers: tus(token, { 'upload-length': String(length), 'upload-metadata': `filename ${Buffer.from(name).toString('base64')},filetype ${Buffer.from('video/mp4').toString('base64')}` }),
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('tus-resumable')).toBe('1.0.0');
    return response.headers.get('location')!;
  }
  async function offsetOf(token: string, location: string): Promise<number> {
    const response = await fetch(`${server.baseUrl}${location}`, { method: 'HEAD', headers: tus(token) });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    return Number(response.headers.get('upload-offset'));
  }
  const patch = (token: string, location: string, offset: number, body: Uint8Array, extra: Record<string, string> = {}) =>
    fetch(`${server.baseUrl}${location}`, {
      method: 'PATCH',
      headers: tus(token, { 'content-type': 'application/offset+octet-stream', 'upload-offset': String(offset), ...extra }),
      body,
    });
  async function finish(token: string, location: string, lang = 'en') {
    return server.call<Video>('POST', '/api/Video_user/insertUpload', { upload_id: location.split('/').pop(), title: '续传的视频', category_id: 1 }, { token, lang });
  }

  /** Sends `bytes` from `offset` and cuts the connection after `sendBytes` of them, as a dropped network would. */
  function cutPatch(token: string, location: string, offset: number, bytes: Uint8Array, sendBytes: number): Promise<void> {
    const url = new URL(`${server.baseUrl}${location}`);
    return new Promise((resolve) => {
      const request = httpRequest(url, {
        method: 'PATCH',
        headers: tus(token, { 'content-type': 'application/offset+octet-stream', 'upload-offset': String(offset), 'content-length': String(bytes.length) }),
      });
      request.on('error', () => resolve());
      request.on('response', () => resolve());
      let sent = 0;
      const step = 64 * 1024;
      const pump = () => {
        while (sent < sendBytes) {
          const chunk = bytes.subarray(sent, Math.min(sendBytes, sent + step));
          sent += chunk.length;
          if (!request.write(chunk)) {
            request.once('drain', pump);
            return;
          }
        }
        // The rest never comes: the connection drops.
        setTimeout(() => request.destroy(), 100);
      };
      pump();
    });
  }

  it('announces the protocol, and resumes an upload cut at half from its offset into a video whose file is the source, byte for byte', async () => {
    const options = await fetch(`${server.baseUrl}/api/tus/videos`, { method: 'OPTIONS' });
    expect(options.status).toBe(204);
    expect(options.headers.get('tus-version')).toBe('1.0.0');
    expect(options.headers.get('tus-extension')).toContain('checksum');
    expect(options.headers.get('tus-checksum-algorithm')).toContain('sha256');

    const user = await newUser();
    const location = await create(user.token, clip.length);
    expect(location).toMatch(/^\/api\/tus\/videos\/[0-9a-f]{32}$/);
    expect(await offsetOf(user.token, location)).toBe(0);

    const half = Math.floor(clip.length / 2);
    await cutPatch(user.token, location, 0, clip, half);
    // The server keeps what arrived before the cut; the client asks where to go on from.
    let offset = 0;
    for (let tries = 0; tries < 50; tries++) {
      offset = await offsetOf(user.token, location);
      if (offset === half) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(offset).toBe(half);
    // The stored bytes so far are the source's.
    const partial = readFileSync(join(dataDir, 'uploads', 'tus', `${location.split('/').pop()!}.bin`));
    expect(partial.equals(clip.subarray(0, half))).toBe(true);

    // Not whole yet: no video.
    const early = await finish(user.token, location);
    expect(early).toMatchObject({ code: ResultCode.error, msg: resumableMessages.notWhole });

    // A PATCH at the wrong offset is refused and changes nothing.
    const wrong = await patch(user.token, location, 0, clip.subarray(0, 10));
    expect(wrong.status).toBe(409);
    expect(await offsetOf(user.token, location)).toBe(half);
    // So is a body of another type.
    const typed = await fetch(`${server.baseUrl}${location}`, { method: 'PATCH', headers: tus(user.token, { 'content-type': 'application/json', 'upload-offset': String(half) }), body: '{}' });
    expect(typed.status).toBe(415);
    // A checksum that does not match the bytes leaves the offset where it was.
    const rest = clip.subarray(half);
    const lying = await patch(user.token, location, half, rest, { 'upload-checksum': `sha256 ${createHash('sha256').update('other bytes').digest('base64')}` });
    expect(lying.status).toBe(460);
    expect(await offsetOf(user.token, location)).toBe(half);
    // Another user cannot see or write it.
    const other = await newUser();
    expect((await fetch(`${server.baseUrl}${location}`, { method: 'HEAD', headers: tus(other.token) })).status).toBe(404);

    const resumed = await patch(user.token, location, half, rest, { 'upload-checksum': `sha256 ${createHash('sha256').update(rest).digest('base64')}` });
    expect(resumed.status).toBe(204);
    expect(Number(resumed.headers.get('upload-offset'))).toBe(clip.length);

    const made = await finish(user.token, location);
    expect(made.code, made.msg).toBe(0);
    expect(made.msg).toBe('Added successfully');
    expect(made.data).toMatchObject({ title: '续传的视频', size: clip.length, format: 'mp4', review_status: 'under_review', duration: 4 });
    const stored = await server.database.db.selectFrom('videos').select('video_path').where('id', '=', made.data.id).executeTakeFirstOrThrow();
    const file = readFileSync(join(dataDir, 'uploads', basename(stored.video_path)));
    expect(sha256(file)).toBe(sha256(clip));
    const upload = await server.database.db.selectFrom('uploads').select('sha256').where('path', '=', stored.video_path).executeTakeFirstOrThrow();
    expect(upload.sha256).toBe(sha256(clip));
    // The upload is spent: a second call finds nothing, and its bytes are gone.
    expect((await finish(user.token, location)).code).toBe(ResultCode.error);
    expect((await fetch(`${server.baseUrl}${location}`, { method: 'HEAD', headers: tus(user.token) })).status).toBe(404);
    // A video is queued for transcoding as any upload is.
    const job = await server.database.db.selectFrom('video_transcode_jobs').select('status').where('video_id', '=', made.data.id).executeTakeFirstOrThrow();
    expect(job.status).toBe('queued');
  });

  it('checks the whole file as any video: a text file named .mp4 and a file one byte short never become videos', async () => {
    const user = await newUser();
    const before = await server.database.db.selectFrom('videos').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const text = Buffer.from('this is not a video, only words in a file named clip.mp4 '.repeat(20));
    const asText = await create(user.token, text.length);
    expect((await patch(user.token, asText, 0, text)).status).toBe(204);
    const refused = await finish(user.token, asText, 'zh');
    expect(refused).toMatchObject({ code: ResultCode.error, msg: '请上传正确的视频格式' });

    const short = clip.subarray(0, clip.length - 1);
    const cut = await create(user.token, short.length);
    expect((await patch(user.token, cut, 0, short)).status).toBe(204);
    const cutRefused = await finish(user.token, cut, 'vi');
    expect(cutRefused.code).toBe(ResultCode.error);
    const after = await server.database.db.selectFrom('videos').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));

    // More than declared, or a declared length of 50 MB or more, is refused.
    const small = await create(user.token, 10);
    expect((await patch(user.token, small, 0, Buffer.alloc(11))).status).toBe(413);
    expect(await offsetOf(user.token, small)).toBe(0);
    const huge = await fetch(`${server.baseUrl}/api/tus/videos`, { method: 'POST', headers: tus(user.token, { 'upload-length': String(50 * 1024 * 1024) }) });
    expect(huge.status).toBe(413);
    const guest = await fetch(`${server.baseUrl}/api/tus/videos`, { method: 'POST', headers: { 'tus-resumable': '1.0.0', 'upload-length': '10' } });
    expect(guest.status).toBe(401);
    const deleted = await fetch(`${server.baseUrl}${small}`, { method: 'DELETE', headers: tus(user.token) });
    expect(deleted.status).toBe(204);
    expect((await fetch(`${server.baseUrl}${small}`, { method: 'HEAD', headers: tus(user.token) })).status).toBe(404);
  });

  it('holds a few unfinished uploads per member, and removes those left past their time, bytes and all', async () => {
    const user = await newUser();
    const held: string[] = [];
    for (let index = 0; index < tusUploadsPerUser; index += 1) held.push(await create(user.token, 100));
    expect((await patch(user.token, held[0]!, 0, Buffer.alloc(40))).status).toBe(204);
    const refused = await fetch(`${server.baseUrl}/api/tus/videos`, { method: 'POST', headers: tus(user.token, { 'upload-length': '100', lang: 'en' }) });
    expect(refused.status).toBe(429);
    expect(await refused.text()).toBe(tusMessages.tooMany);
    // Another member is not held back by this one.
    expect(await create((await newUser()).token, 100)).toMatch(/^\/api\/tus\/videos\/[0-9a-f]{32}$/);

    // One upload left past its time: the sweep takes its row and its bytes, and frees its place.
    const stale = held[0]!.split('/').pop()!;
    const context = server.app.serverContext;
    await server.database.db.updateTable('video_tus_uploads').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', stale).execute();
    expect(existsSync(tusFile(context, stale))).toBe(true);
    expect(await sweepExpiredUploads(context)).toBe(1);
    expect(existsSync(tusFile(context, stale))).toBe(false);
    expect((await fetch(`${server.baseUrl}${held[0]!}`, { method: 'HEAD', headers: tus(user.token) })).status).toBe(404);
    expect(await create(user.token, 100)).toMatch(/^\/api\/tus\/videos\//);
  });

  it('takes 40 MB over loopback at a measured speed', { timeout: 60_000 }, async () => {
    const user = await newUser();
    const bytes = randomBytes(40 * 1024 * 1024);
    const location = await create(user.token, bytes.length);
    const started = performance.now();
    const sent = await patch(user.token, location, 0, bytes);
    const seconds = (performance.now() - started) / 1000;
    expect(sent.status).toBe(204);
    expect(Number(sent.headers.get('upload-offset'))).toBe(bytes.length);
    console.log(`tus upload over loopback: ${(40 / seconds).toFixed(0)} MB/s`);
    expect(tusMessages.tooLarge).toBeTruthy();
  });
});
