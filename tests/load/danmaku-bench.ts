// Danmaku frame times (the goal: 30 messages a second, no frame over 32 ms in headless Chromium).
import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import { chromiumLaunchOptions } from '../../scripts/chromium.mjs';
import { percentile } from './percentile.ts';

const perSecond = 30;
const pushMs = 10_000;
const texts = ['好球！', '这脚远射太漂亮了', '门将反应真快', '裁判这个判罚有争议', '主队加油！！！', '下半场肯定还有进球', '666', 'What a strike!', 'Offside? Surely not'];

const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

/**
 * Builds a page holding only the danmaku layer over a 720p picture, opens it in headless Chromium,
 * pushes 30 messages a second for 10 s and prints the frame times seen through requestAnimationFrame.
 */
export async function benchDanmaku(): Promise<void> {
  const outDir = mkdtempSync(join(tmpdir(), 'pitchside-danmaku-bench-'));
  const root = fileURLToPath(new URL('./danmaku-page/', import.meta.url));
  await build({ root, configFile: false, logLevel: 'warn', plugins: [react()], base: './', build: { outDir, emptyOutDir: true } });
  const server = createServer((request, response) => {
    const path = normalize(new URL(request.url ?? '/', 'http://x').pathname).replace(/^\/+/, '') || 'index.html';
    response.setHeader('content-type', types[extname(path)] ?? 'application/octet-stream');
    createReadStream(join(outDir, path))
      .on('error', () => response.writeHead(404).end())
      .pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    await page.goto(`http://127.0.0.1:${String(port)}/index.html`);
    await page.waitForFunction('typeof window.__pushDanmaku === "function"');
    // The page's part is written as text: tsx would wrap named functions in a helper the page lacks.
    const result = (await page.evaluate(`new Promise((resolve) => {
      const deltas = [];
      let last = performance.now();
      let maxFlying = 0;
      let running = true;
      const layer = document.querySelector('[data-danmaku-layer]');
      function frame(now) {
        deltas.push(now - last);
        last = now;
        maxFlying = Math.max(maxFlying, layer.childElementCount);
        if (running) requestAnimationFrame(frame);
      }
      requestAnimationFrame(frame);
      const words = ${JSON.stringify(texts)};
      let pushed = 0;
      const costs = [];
      const timer = setInterval(() => {
        const before = performance.now();
        window.__pushDanmaku(words[pushed % words.length], pushed % 50 === 0);
        costs.push(performance.now() - before);
        pushed += 1;
      }, ${String(1000 / perSecond)});
      setTimeout(() => {
        clearInterval(timer);
        running = false;
        resolve({ deltas: deltas.slice(1), pushed, flying: layer.childElementCount, maxFlying, costs });
      }, ${String(pushMs)});
    })`)) as { deltas: number[]; pushed: number; flying: number; maxFlying: number; costs: number[] };
    const sorted = [...result.deltas].sort((a, b) => a - b);
    const over = sorted.filter((delta) => delta > 32).length;
    // What one push costs the main thread (React's update of the list, the lane machine, the new item).
    const costs = [...result.costs].sort((a, b) => a - b);
    console.log(
      `danmaku at ${String(perSecond)} messages/s for ${String(pushMs / 1000)} s (1280×720, headless Chromium): ` +
        `${String(sorted.length)} frames, max ${sorted.at(-1)?.toFixed(1) ?? 'n/a'} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms, ` +
        `p50 ${percentile(sorted, 50).toFixed(1)} ms, ${String(over)} over 32 ms (goal 0); ${String(result.pushed)} pushed, ` +
        `at most ${String(result.maxFlying)} on screen; one push p50 ${percentile(costs, 50).toFixed(2)} ms, p99 ${percentile(costs, 99).toFixed(2)} ms`,
    );
  } finally {
    await browser.close();
    server.close();
    rmSync(outDir, { recursive: true, force: true });
  }
}
