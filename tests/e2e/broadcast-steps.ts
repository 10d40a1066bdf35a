import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

// The steps of a real broadcast that the broadcast suites share: an ffmpeg push, and a viewer
// playing the room in two of its qualities.

/** nginx with its RTMP module and ffmpeg are here (npm test installs them where it can). */
export const hasMediaTools =
  existsSync('/usr/lib/nginx/modules/ngx_rtmp_module.so') && spawnSync('sh', ['-c', 'command -v ffmpeg && command -v nginx']).status === 0;

/**
 * ffmpeg's test pattern with a tone, pushed in real time the way OBS would push a broadcast: until stopped, or
 * `seconds` of it, after which ffmpeg ends the push itself.
 */
export function pushTestPattern(target: string, seconds?: number): ChildProcess {
  const length = seconds === undefined ? [] : ['-t', String(seconds)];
  return spawn(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-re'],
      ...['-f', 'lavfi', ...length, '-i', 'testsrc2=size=1280x720:rate=25', '-f', 'lavfi', ...length, '-i', 'sine=frequency=440:sample_rate=44100'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', '25', '-c:a', 'aac', '-f', 'flv', target],
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
}

/**
 * Opens the room on `page` once its original and smooth renditions have fragments, sees the picture play,
 * switches to smooth (流畅) and sees it play at 360 lines.
 */
export async function watchInTwoQualities(page: Page, siteUrl: string, roomId: number): Promise<void> {
  // The ladder's first fragments take longer on a busy machine: the page opens once each rendition has some.
  for (const quality of ['original', 'smooth']) {
    const playlist = `${siteUrl}/hls/${String(roomId)}/${quality}.m3u8`;
    await expect.poll(async () => (await fetch(playlist)).status, { timeout: 60_000, interval: 500 }).toBe(200);
  }
  // What the page said and fetched, told when the picture does not play.
  const heard: string[] = [];
  page.on('console', (message) => heard.push(`console ${message.type()}: ${message.text()}`));
  page.on('response', (response) => {
    if (response.url().includes('/hls/')) heard.push(`${String(response.status())} ${new URL(response.url()).pathname}`);
  });
  await page.goto(`${siteUrl}/live?id=${String(roomId)}`);
  const video = page.locator('video');
  const time = () => video.evaluate((element: HTMLVideoElement) => element.currentTime);
  try {
    await expect.poll(time, { timeout: 40_000 }).toBeGreaterThan(0.5);
  } catch (error) {
    const player = await page.locator('[data-status]').first().getAttribute('data-status').catch(() => null);
    const media = await video
      .evaluate((element: HTMLVideoElement) => `readyState ${String(element.readyState)}, error ${element.error?.message ?? String(element.error?.code ?? 'none')}`)
      .catch(() => 'no video element');
    throw new Error(`the room did not play: player ${String(player)}, ${media}\n${heard.slice(-40).join('\n')}`, { cause: error });
  }
  // Playing on: two seconds more of the stream within ten (a machine busy with the whole suite and the encoder can
  // stall the picture for a moment, which is no fault of the site's).
  const playing = await time();
  await expect.poll(time, { timeout: 10_000 }).toBeGreaterThan(playing + 2);

  await page.getByRole('button', { name: /^清晰度/ }).click();
  await page.getByRole('menuitemradio', { name: '流畅' }).click();
  await expect.poll(() => video.getAttribute('data-quality'), { timeout: 20_000 }).toBe('smooth');
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.videoHeight), { timeout: 30_000 }).toBe(360);
  // A switch may restart the picture at the segment it loads: playing on is what counts.
  const switched = await time();
  await expect.poll(time, { timeout: 10_000 }).toBeGreaterThan(switched + 2);
}

/** The length of what a playlist plays, in seconds, as ffprobe reads it (the sum of its fragments' times). */
export function playedSeconds(playlistUrl: string): number {
  const probe = spawnSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', playlistUrl], { encoding: 'utf8' });
  const seconds = Number(probe.stdout.trim());
  if (probe.status !== 0 || !Number.isFinite(seconds)) throw new Error(`ffprobe could not read ${playlistUrl}: ${probe.stderr}`);
  return seconds;
}
