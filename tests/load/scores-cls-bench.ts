// Layout shift on /football while the feed plays (the goal: CLS ≤ 0.05 over 60 s of ticks).
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../../scripts/chromium.mjs';

const watchMs = 60_000;

/** Opens /football in Chromium and prints the cumulative layout shift seen over 60 s of live ticks. */
export async function benchScoresLayoutShift(siteUrl: string): Promise<void> {
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    // Count the score frames the page receives, to show the ticks really came.
    const frames = { count: 0 };
    page.on('websocket', (socket) => socket.on('framereceived', (frame) => {
      if (typeof frame.payload === 'string' && frame.payload.includes('"football_')) frames.count += 1;
    }));
    await page.goto(`${siteUrl}/football`);
    await page.locator('li[data-match-id]').first().waitFor({ timeout: 30_000 });
    // Counting starts once the list has drawn: the first paint is not a live tick.
    await page.evaluate(() => {
      const scope = globalThis as unknown as { __cls: number; __shifts: number };
      scope.__cls = 0;
      scope.__shifts = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
          if (!entry.hadRecentInput) {
            scope.__cls += entry.value;
            scope.__shifts += 1;
          }
        }
      // The page is Chromium's, where layout-shift entries exist; Node's typings do not list them.
      }).observe({ type: 'layout-shift' as 'mark' });
    });
    await page.waitForTimeout(watchMs);
    const result = await page.evaluate(() => {
      const scope = globalThis as unknown as { __cls: number; __shifts: number };
      return { cls: scope.__cls, shifts: scope.__shifts };
    });
    const rows = await page.locator('li[data-match-id]').count();
    console.log(
      `scores CLS on /football over ${String(watchMs / 1000)} s: ${result.cls.toFixed(4)} (${String(result.shifts)} shifts, ${String(frames.count)} football pushes, ${String(rows)} rows; goal ≤0.05)`,
    );
  } finally {
    await browser.close();
  }
}
