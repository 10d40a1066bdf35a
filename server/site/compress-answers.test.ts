import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { answerEncoding, compressLargeAnswers, PreparedAnswer } from './compress-answers.ts';

describe('compressing large answers', () => {
  it('takes brotli before gzip, and neither when the client refuses them', () => {
    expect(answerEncoding('gzip, deflate, br')).toBe('br');
    expect(answerEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(answerEncoding('GZIP')).toBe('gzip');
    expect(answerEncoding('*')).toBe('br');
    expect(answerEncoding('identity')).toBeUndefined();
    expect(answerEncoding('deflate, gzip;q=0')).toBeUndefined();
    expect(answerEncoding(undefined)).toBeUndefined();
  });

  it('compresses an answer of 2 KB or more as asked, and leaves a smaller one or a refusing client alone', async () => {
    const app = Fastify();
    compressLargeAnswers(app);
    const large = { list: Array.from({ length: 200 }, (_, index) => ({ index, name: `room ${String(index)}` })) };
    app.get('/large', async () => large);
    app.get('/small', async () => ({ code: 0 }));
    const text = JSON.stringify(large);

    const br = await app.inject({ url: '/large', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(text);

    const gz = await app.inject({ url: '/large', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(text);

    const plain = await app.inject({ url: '/large', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(plain.body).toBe(text);

    const small = await app.inject({ url: '/small', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe('{"code":0}');

    const head = await app.inject({ method: 'HEAD', url: '/large', headers: { 'accept-encoding': 'br' } });
    expect(head.headers['content-encoding']).toBeUndefined();
    await app.close();
  });

  it('sends a prepared answer as it is, or compressed once per encoding when the client takes it', async () => {
    const app = Fastify();
    compressLargeAnswers(app);
    const text = JSON.stringify({ code: 0, msg: '', data: Array.from({ length: 200 }, (_, index) => `房间 ${String(index)}`) });
    const prepared = new PreparedAnswer(text);
    const sentAtOnce: boolean[] = [];
    app.get('/prepared', (request, reply) => {
      const now = prepared.sendNow(request, reply);
      sentAtOnce.push(now);
      if (!now) return prepared.send(request, reply);
    });
    app.get('/small', (request, reply) => {
      new PreparedAnswer('{"code":0}').sendNow(request, reply);
    });

    const plain = await app.inject({ url: '/prepared' });
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(Number(plain.headers['content-length'])).toBe(Buffer.byteLength(text));
    expect(plain.body).toBe(text);

    const first = await app.inject({ url: '/prepared', headers: { 'accept-encoding': 'gzip, br' } });
    const second = await app.inject({ url: '/prepared', headers: { 'accept-encoding': 'br' } });
    for (const answer of [first, second]) {
      expect(answer.headers['content-encoding']).toBe('br');
      // The scope's own compression saw the encoding chosen and left the answer and its Vary alone.
      expect(answer.headers.vary).toBe('Accept-Encoding');
      expect(brotliDecompressSync(answer.rawPayload).toString()).toBe(text);
    }
    const gz = await app.inject({ url: '/prepared', headers: { 'accept-encoding': 'gzip' } });
    expect(gunzipSync(gz.rawPayload).toString()).toBe(text);
    // Identity at once; brotli and gzip waited only the first time each was asked for.
    expect(sentAtOnce).toEqual([true, false, true, false]);

    const small = await app.inject({ url: '/small', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers.vary).toBeUndefined();
    expect(small.body).toBe('{"code":0}');
    await app.close();
  });
});
