// The match centre of /score-detail while the feed plays: CLS and the longest main-thread task over
// 60 s of a live football match with momentum and odds pushes, and the bytes each push takes on the socket.
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../../scripts/chromium.mjs';

const watchMs = 60_000;
/** The feed is moved a match minute on this often, so the 60 s hold a dozen momentum and odds pushes. */
const advanceEveryMs = 5_000;

interface Envelope<T> {
  code: number;
  data: T;
}

async function post<T>(siteUrl: string, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${siteUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return ((await response.json()) as Envelope<T>).data;
}

async function liveMatch(siteUrl: string): Promise<number | null> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const page = await post<{ list: Array<{ id: number; match_str: string }> }>(siteUrl, '/api/hot_match/all_match', {
      sport: 'football',
      status: 'in_progress',
      limit: 100,
    });
    const match = page.list.find((entry) => /^\d+/.test(entry.match_str) && Number.parseInt(entry.match_str, 10) < 60) ?? page.list[0];
    if (match) return match.id;
    await post(siteUrl, '/dev/feed/advance', { minutes: 30 });
  }
  return null;
}

/** Opens a live match's /score-detail (odds tab) and prints CLS, the longest task and bytes per push over 60 s. */
export async function benchMatchCentre(siteUrl: string): Promise<void> {
  const id = await liveMatch(siteUrl);
  if (id === null) {
    console.log('match centre: no football match in play to watch');
    return;
  }
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const bytes: Record<string, { count: number; bytes: number }> = {};
    page.on('websocket', (socket) =>
      socket.on('framereceived', (frame) => {
        if (typeof frame.payload !== 'string') return;
        const type = /"type":"([a-z_]+)"/.exec(frame.payload)?.[1];
        if (!type || !/_(match|exponent|momentum)$|^goal$/.test(type)) return;
        const entry = (bytes[type] ??= { count: 0, bytes: 0 });
        entry.count += 1;
        entry.bytes += Buffer.byteLength(frame.payload);
      }),
    );
    await page.goto(`${siteUrl}/score-detail?id=${String(id)}`);
    await page.getByTestId('momentum-graph').waitFor({ timeout: 30_000 });
    await page.getByRole('tab').nth(3).click();
    await page.getByTestId('odds-chart').waitFor({ timeout: 30_000 });
    await page.waitForTimeout(1_000);
    // Counting starts once the page has drawn: the first paint and the tab click are not pushes.
    await page.evaluate(() => {
      const scope = globalThis as unknown as { __cls: number; __shifts: number; __longest: number; __tasks: number };
      Object.assign(scope, { __cls: 0, __shifts: 0, __longest: 0, __tasks: 0 });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
          if (!entry.hadRecentInput) {
            scope.__cls += entry.value;
            scope.__shifts += 1;
          }
        }
        // Chromium's entry types; Node's typings do not list them.
      }).observe({ type: 'layout-shift' as 'mark' });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          scope.__longest = Math.max(scope.__longest, entry.duration);
          scope.__tasks += 1;
        }
      }).observe({ type: 'longtask' as 'mark' });
    });
    const start = Date.now();
    for (const key of Object.keys(bytes)) delete bytes[key];
    const points = Number(await page.getByTestId('momentum-graph').getAttribute('data-points'));
    const samples = Number(await page.getByTestId('odds-chart').getAttribute('data-samples'));
    while (Date.now() - start < watchMs) {
      await post(siteUrl, '/dev/feed/advance', { minutes: 1 });
      await page.waitForTimeout(Math.max(0, Math.min(advanceEveryMs, watchMs - (Date.now() - start))));
    }
    const result = await page.evaluate(() => {
      const scope = globalThis as unknown as { __cls: number; __shifts: number; __longest: number; __tasks: number };
      return { cls: scope.__cls, shifts: scope.__shifts, longest: scope.__longest, tasks: scope.__tasks };
    });
    const grown = {
      points: Number(await page.getByTestId('momentum-graph').getAttribute('data-points')) - points,
      samples: Number(await page.getByTestId('odds-chart').getAttribute('data-samples')) - samples,
    };
    console.log(
      `match centre CLS on /score-detail over ${String(watchMs / 1000)} s: ${result.cls.toFixed(4)} (${String(result.shifts)} shifts; goal ≤0.05); ` +
        `longest main-thread task ${result.longest.toFixed(0)} ms (${String(result.tasks)} tasks over 50 ms); ` +
        `momentum graph +${String(grown.points)} minutes, odds chart +${String(grown.samples)} changes`,
    );
    for (const [type, entry] of Object.entries(bytes).sort()) {
      console.log(`  ${type}: ${String(entry.count)} pushes, ${(entry.bytes / entry.count).toFixed(0)} bytes per push`);
    }
  } finally {
    await browser.close();
  }
}

// Run alone against a running site: `npx tsx tests/load/match-centre-bench.ts http://127.0.0.1:PORT`.
if (process.argv[1]?.endsWith('match-centre-bench.ts') && process.argv[2]) await benchMatchCentre(process.argv[2]);
