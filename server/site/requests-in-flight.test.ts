import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { countRequestsInFlight } from './requests-in-flight.ts';

describe('requests in flight at start-up', () => {
  let server: Server;
  let answerSlowly: (() => void) | undefined;
  let slowArrived: Promise<void>;
  afterEach(async () => {
    answerSlowly?.();
    await new Promise((resolve) => server.close(resolve));
  });

  async function listen(): Promise<string> {
    let arrived!: () => void;
    slowArrived = new Promise((resolve) => (arrived = resolve));
    server = createServer((request, response) => {
      if (request.url !== '/slow') return void response.end('quick');
      answerSlowly = () => response.end('slow');
      arrived();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    if (typeof address !== 'object' || !address) throw new Error('not listening');
    return `http://127.0.0.1:${address.port}`;
  }

  it('are quiet after the quiet time when nothing comes', async () => {
    await listen();
    const started = performance.now();
    await countRequestsInFlight(server).quiet(50, 5_000);
    expect(performance.now() - started).toBeGreaterThanOrEqual(45);
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('are not quiet while a call that came before the question waits, until the quiet time after its answer', async () => {
    const url = await listen();
    const requests = countRequestsInFlight(server);
    const slow = fetch(`${url}/slow`);
    await slowArrived;
    let quiet = false;
    const quieted = requests.quiet(50, 10_000).then(() => (quiet = true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(quiet).toBe(false);
    const answeredAt = performance.now();
    answerSlowly?.();
    await slow;
    await quieted;
    expect(performance.now() - answeredAt).toBeGreaterThanOrEqual(45);
  });

  it('are quiet at the latest after the limit, and no longer counted then', async () => {
    const url = await listen();
    const requests = countRequestsInFlight(server);
    void fetch(`${url}/slow`);
    await slowArrived;
    const started = performance.now();
    await requests.quiet(50, 200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(195);
    expect(server.listenerCount('request')).toBe(1);
    expect(server.listenerCount('upgrade')).toBe(0);
  });
});
