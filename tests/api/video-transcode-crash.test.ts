import { execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../free-port.ts';
import { exited, killLeftover, prepareSiteData, startSite, waitForSite, type SiteData } from './crashable-site.ts';
import { demoLogins } from './demo-session.ts';
import { solveHumanCheck } from './human-check.ts';

// The real server process (server/main.ts) is killed with SIGKILL while its worker transcodes a video,
// after it made the first rendition, then started again on the same database and files: the job is
// claimed again once the dead process's lease has run out and finishes, without making again the
// rendition it had already made, and the killed process's ffmpeg does not outlive it.

const leaseMs = 2_000;

const siteSettings = { FEED: 'off', VIDEO_JOB_LEASE_MS: String(leaseMs) };
const readsVideos = { path: '/api/Video/getList', body: {} };

/** ffmpeg processes whose command line names this test's data directory. */
function ffmpegsWriting(dataDir: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (command.startsWith('ffmpeg') || command.includes('/ffmpeg\0')) {
        if (command.includes(dataDir)) found.push(Number(entry));
      }
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

interface JobAnswer {
  code: number;
  msg: string;
  data: { status: string; rungs: Array<{ quality: string; progress: number; copy: boolean }> };
}

describe('a transcoding job cut by kill -9 of the server', () => {
  let data: SiteData;
  let site: ChildProcess | undefined;
  let clips: string;

  beforeAll(async () => {
    data = await prepareSiteData('transcode_crash');
    clips = mkdtempSync(join(tmpdir(), 'pitchside-crash-clips-'));
  });
  afterAll(async () => {
    await killLeftover(site);
    await data.dispose();
    rmSync(clips, { recursive: true, force: true });
  });

  it('resumes after the restart and makes the ladder the kill cut short', { timeout: 240_000 }, async () => {
    // MPEG-4 part 2 at 720 lines: every rung is encoded, the first taking a few seconds.
    const source = join(clips, 'long.mp4');
    execFileSync('ffmpeg', [
      '-v', 'error', '-y',
      '-f', 'lavfi', '-i', 'testsrc=size=1280x720:rate=25:duration=16',
      '-f', 'lavfi', '-i', 'sine=frequency=440:duration=16',
      '-c:v', 'mpeg4', '-q:v', '5', '-c:a', 'aac', '-shortest', source,
    ]);
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${String(port)}`;
    site = startSite(data, port, siteSettings);
    await waitForSite(baseUrl, site, readsVideos);

    const login = await fetch(`${baseUrl}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...demoLogins.viewer, device_type: 'pc', altcha: await solveHumanCheck(baseUrl) }),
    });
    const { data: user } = (await login.json()) as { data: { token: string } };
    const form = new FormData();
    form.set('title', 'cut by a crash');
    form.set('category_id', '1');
    form.set('video', new Blob([readFileSync(source)], { type: 'video/mp4' }), 'long.mp4');
    const added = (await (await fetch(`${baseUrl}/api/Video_user/insert`, { method: 'POST', headers: { token: user.token, lang: 'en' }, body: form })).json()) as {
      code: number;
      msg: string;
      data: { id: number };
    };
    expect(added.code, added.msg).toBe(0);
    const videoId = added.data.id;
    const job = async () =>
      (await (await fetch(`${baseUrl}/api/Video_user/transcodeJob?video_id=${String(videoId)}`, { headers: { token: user.token } })).json()) as JobAnswer;

    // The rungs are made in one ffmpeg run (one decode for all), reported on the first rung: killed halfway.
    for (const giveUp = Date.now() + 120_000; ; ) {
      const answer = await job();
      expect(answer.code, answer.msg).toBe(0);
      const [first] = answer.data.rungs;
      if (answer.data.status === 'transcoding' && first && first.progress > 0 && first.progress < 1) break;
      expect(answer.data.status, JSON.stringify(answer.data)).not.toBe('ready');
      if (Date.now() > giveUp) throw new Error(`the ladder never got under way: ${JSON.stringify(answer.data)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    site.kill('SIGKILL');
    await exited(site);
    site = undefined;
    // The killed process's ffmpeg ends at its next progress write into the closed pipe.
    for (const giveUp = Date.now() + 5_000; ffmpegsWriting(data.dataDir).length > 0 && Date.now() < giveUp; ) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(ffmpegsWriting(data.dataDir)).toEqual([]);

    const database = await data.open();
    const stored = await database.db.selectFrom('video_transcode_jobs').selectAll().where('video_id', '=', videoId).executeTakeFirstOrThrow();
    await database.close();
    expect(stored.status).toBe('transcoding');
    expect(stored.done).toEqual([]);
    expect(stored.claimed_by).not.toBeNull();

    site = startSite(data, port, siteSettings);
    await waitForSite(baseUrl, site, readsVideos);
    let last: JobAnswer | undefined;
    for (const giveUp = Date.now() + 120_000; ; ) {
      last = await job();
      if (last.data.status === 'ready' || last.data.status === 'failed') break;
      if (Date.now() > giveUp) throw new Error(`the job did not finish after the restart: ${JSON.stringify(last.data)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(last.data.status).toBe('ready');
    expect(last.data.rungs.map((rung) => [rung.quality, rung.progress])).toEqual([
      ['high_definition', 1],
      ['standard', 1],
      ['smooth', 1],
    ]);
    const master = await (await fetch(`${baseUrl}/media/renditions/${String(videoId)}/master.m3u8`)).text();
    for (const quality of ['high_definition', 'standard', 'smooth']) expect(master).toContain(`NAME="${quality}"`);
    expect(readdirSync(join(data.dataDir, 'uploads', 'renditions', String(videoId))).filter((name) => name.endsWith('.part'))).toEqual([]);
  });
});
