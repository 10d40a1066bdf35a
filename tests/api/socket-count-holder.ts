// A process holding places in the shared socket count, to be killed with SIGKILL by socket-limits.test.ts: what
// a server process killed with its sockets open leaves behind. It takes COUNT places of ADDRESS, says so, and waits.
import { RedisSocketCounter } from '../../server/adapters/limits/redis-socket-counter.ts';

const counter = new RedisSocketCounter(process.env.REDIS_URL!, undefined, Number(process.env.TTL_MS), process.env.PREFIX);
let held = 0;
for (let index = 0; index < Number(process.env.COUNT); index++) if (await counter.acquire(process.env.ADDRESS!, Number(process.env.LIMIT))) held++;
process.stdout.write(`held ${String(held)}\n`);
setInterval(() => undefined, 60_000);
