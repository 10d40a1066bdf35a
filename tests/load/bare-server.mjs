// The baseline of the API benchmark: a bare Fastify route answering an envelope of BARE_BYTES bytes (the size
// of the route it is compared with), built per request as a handler's answer would be. Plain JavaScript, run
// by plain Node as the site's bundle is: a loader in front of it would slow the baseline and flatter the site.
// With BARE_ANSWER_FILE it answers that file's bytes as they are, with the headers of BARE_HEADERS (JSON): the
// same bytes and headers as the route measured, made once.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const app = Fastify({ logger: false });
if (process.env.BARE_ANSWER_FILE) {
  const body = readFileSync(process.env.BARE_ANSWER_FILE);
  const headers = JSON.parse(process.env.BARE_HEADERS ?? '{}');
  app.get('/bare', (_request, reply) => reply.headers(headers).send(body));
} else {
  const bytes = Number(process.env.BARE_BYTES ?? 40);
  const empty = JSON.stringify({ code: 0, msg: '', data: { pad: '' } }).length;
  const pad = 'x'.repeat(Math.max(0, bytes - empty));
  app.get('/bare', async () => ({ code: 0, msg: '', data: { pad } }));
}
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => void app.close().then(() => process.exit(0)));
