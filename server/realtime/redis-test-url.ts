import { connect } from 'node:net';

/** `REDIS_URL`, else the local Redis when one answers on 127.0.0.1:6379, else undefined (the Redis tests skip). */
export async function redisTestUrl(): Promise<string | undefined> {
  if (process.env.REDIS_URL) return process.env.REDIS_URL;
  const reachable = await new Promise<boolean>((resolve) => {
    const probe = connect(6379, '127.0.0.1');
    probe.setTimeout(500);
    const done = (result: boolean) => {
      probe.destroy();
      resolve(result);
    };
    probe.once('connect', () => done(true)).once('error', () => done(false)).once('timeout', () => done(false));
  });
  return reachable ? 'redis://127.0.0.1:6379' : undefined;
}
