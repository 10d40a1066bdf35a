import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3UploadStorage } from '../../server/adapters/storage/s3-upload-storage.ts';
import { startS3Server, type S3TestServer } from '../../server/adapters/storage/s3-test-server.ts';
import { uploadUrl } from '../../server/areas/account/upload-token-service.ts';
import { ResultCode } from '../../server/errors.ts';
import { demoLogins, logIn } from './demo-session.ts';
import { paddedPng } from './test-pictures.ts';
import { startTestServer, type Envelope, type TestServer } from './test-server.ts';

// The site with its uploads in an S3 bucket (STORAGE=s3), against an S3-compatible server run here: what one server
// stores, another serves, whole and by range.

interface UploadedFile {
  path: string;
  content_type: string;
  bytes: number;
}

describe('uploads in an S3 bucket, across two servers', () => {
  let s3: S3TestServer;
  let folders: string[];
  let here: TestServer;
  let there: TestServer;
  let viewer: string;

  beforeAll(async () => {
    s3 = await startS3Server();
    folders = [0, 1].map(() => mkdtempSync(join(tmpdir(), 'pitchside-s3-site-')));
    const storageOf = (folder: string) => s3UploadStorage({ ...s3.config, prefix: 'uploads/', directory: join(folder, 'uploads') });
    here = await startTestServer({ storage: storageOf(folders[0]!) });
    // Another machine of the same site: the same database is not needed to serve a file, only the bucket.
    there = await startTestServer({ storage: storageOf(folders[1]!) });
    viewer = await logIn(here, demoLogins.viewer);
  }, 120_000);
  afterAll(async () => {
    await here?.close();
    await there?.close();
    await s3?.close();
    for (const folder of folders ?? []) rmSync(folder, { recursive: true, force: true });
  });

  async function upload(kind: 'image' | 'file', purpose: string, file: { bytes: Uint8Array; name: string; type: string }) {
    const token = await here.call<{ token: string }>('POST', '/api/Member/getQiniuToken', { kind }, { token: viewer });
    expect(token.code).toBe(ResultCode.ok);
    const form = new FormData();
    form.append('token', token.data.token);
    form.append('purpose', purpose);
    form.append('file', new Blob([file.bytes], { type: file.type }), file.name);
    const response = await fetch(new URL(uploadUrl, here.baseUrl), { method: 'POST', headers: { token: viewer, lang: 'en' }, body: form });
    return (await response.json()) as Envelope<UploadedFile>;
  }

  it('stores a redrawn avatar in the bucket, served by the other server; the form left nothing behind here', async () => {
    const answer = await upload('image', 'avatar', { bytes: paddedPng(2, 3, 400), name: 'me.png', type: 'image/png' });
    expect(answer).toMatchObject({ code: ResultCode.ok, data: { content_type: 'image/png' } });
    const name = answer.data.path.split('/').at(-1)!;
    // Neither the form's part file nor the picture as sent stays on this machine (the folders beside them are the
    // video area's).
    expect(readdirSync(join(folders[0]!, 'uploads')).filter((entry) => entry.includes('.'))).toEqual([]);
    const served = await fetch(new URL(answer.data.path, there.baseUrl));
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    const bytes = new Uint8Array(await served.arrayBuffer());
    expect(bytes.length).toBe(answer.data.bytes);
    expect([...bytes.subarray(1, 4)].map((byte) => String.fromCharCode(byte)).join('')).toBe('PNG');
    expect(name).toMatch(/^[0-9a-f]{32}\.png$/);
  });

  it('serves a chat file by range from the other server, for download, and answers 416 past its end', async () => {
    const pdf = new TextEncoder().encode('%PDF-1.4\n% the away end seating plan\n%%EOF\n');
    const answer = await upload('file', 'chat_file', { bytes: pdf, name: 'plan.pdf', type: 'application/pdf' });
    expect(answer).toMatchObject({ code: ResultCode.ok, data: { bytes: pdf.length } });
    const part = await fetch(new URL(answer.data.path, there.baseUrl), { headers: { range: 'bytes=9-24' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 9-24/${String(pdf.length)}`);
    expect(part.headers.get('content-disposition')).toBe('attachment');
    expect(await part.text()).toBe('% the away end s');
    const tail = await fetch(new URL(answer.data.path, there.baseUrl), { headers: { range: 'bytes=-6' } });
    expect(await tail.text()).toBe('%%EOF\n');
    const past = await fetch(new URL(answer.data.path, there.baseUrl), { headers: { range: `bytes=${String(pdf.length)}-` } });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${String(pdf.length)}`);
    const head = await fetch(new URL(answer.data.path, there.baseUrl), { method: 'HEAD' });
    expect(head.headers.get('content-length')).toBe(String(pdf.length));
  });

  it('answers 404 for a name the bucket does not hold, and for names it never gives', async () => {
    for (const name of ['0123456789abcdef0123456789abcdef.png', 'x.html', '..%2Fpitchside.db']) {
      expect((await fetch(new URL(`/media/uploads/${name}`, there.baseUrl))).status, name).toBe(404);
    }
  });
});
