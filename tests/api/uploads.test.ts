import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadMessages } from '../../server/areas/account/upload-service.ts';
import { uploadsPerUserPerHour, uploadTokenMessages, uploadUrl } from '../../server/areas/account/upload-token-service.ts';
import { uploadLimits } from '../../src/rules/upload-limits.ts';
import { ResultCode } from '../../server/errors.ts';
import { translate } from '../../server/i18n/server-messages.ts';
import { demoLogins, logIn } from './demo-session.ts';
import { greyPng, paddedPng } from './test-pictures.ts';
import { startTestServer, type Envelope, type TestServer } from './test-server.ts';

interface UploadToken {
  token: string;
  upload_url: string;
  expires_at: number;
  max_bytes: number;
  content_types: string[];
}
interface UploadedFile {
  path: string;
  content_type: string;
  bytes: number;
}

/** The server's clock: moved forward to expire tokens. */
const clock = { offsetMs: 0 };

/** A real 2×3 PNG followed by filler: a cover (the default purpose) is decoded and drawn again. */
function png(totalBytes = 200): Uint8Array {
  return paddedPng(2, 3, totalBytes);
}

/** The start of an ISO media file (ftyp box, brand isom). */
function mp4(): Uint8Array {
  const bytes = new Uint8Array(300);
  bytes.set([0, 0, 0, 0x20, ...Buffer.from('ftypisom'), 0, 0, 2, 0, ...Buffer.from('isomiso2avc1mp41')]);
  return bytes;
}

const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'.padEnd(200, ' '));

describe('uploads: token, upload, serving, avatar', () => {
  let server: TestServer;
  let dataDir: string;
  let viewer: string;
  let anchor: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'pitchside-uploads-'));
    process.env.DATA_DIR = dataDir;
    server = await startTestServer({ now: () => new Date(Date.now() + clock.offsetMs) });
    viewer = await logIn(server, demoLogins.viewer);
    anchor = await logIn(server, demoLogins.anchor);
  });
  afterAll(async () => {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const tokenFor = async (session: string, kind: 'image' | 'video' | 'file' = 'image') => {
    const answer = await server.call<UploadToken>('POST', '/api/Member/getQiniuToken', { kind }, { token: session });
    expect(answer.code).toBe(ResultCode.ok);
    return answer.data;
  };

  async function upload(
    session: string | null,
    fields: { token?: string; purpose?: string },
    file: { bytes: Uint8Array; name?: string; type?: string } | null,
  ): Promise<Envelope<UploadedFile> & { status: number }> {
    const form = new FormData();
    if (fields.token !== undefined) form.append('token', fields.token);
    if (fields.purpose !== undefined) form.append('purpose', fields.purpose);
    if (file) form.append('file', new Blob([file.bytes], { type: file.type ?? 'image/png' }), file.name ?? 'picture.png');
    const response = await fetch(new URL(uploadUrl, server.baseUrl), {
      method: 'POST',
      headers: session ? { token: session, lang: 'en' } : { lang: 'en' },
      body: form,
    });
    return { status: response.status, ...((await response.json()) as Envelope<UploadedFile>) };
  }

  const storedFiles = () => {
    try {
      return readdirSync(join(dataDir, 'uploads'));
    } catch {
      return [];
    }
  };
  const uploadRows = async () => Number((await server.database.db.selectFrom('uploads').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

  /** Proves a refused upload left neither a file (not even a partial one) nor a row. */
  async function expectNothingStored(attempt: () => Promise<void>) {
    const [files, rows] = [storedFiles(), await uploadRows()];
    await attempt();
    expect(storedFiles()).toEqual(files);
    expect(await uploadRows()).toBe(rows);
  }

  it('gives an upload token only to a logged-in user', async () => {
    const guest = await server.call('POST', '/api/Member/getQiniuToken', { kind: 'image' });
    expect(guest.code).toBe(ResultCode.sessionGone);

    const image = await tokenFor(viewer);
    expect(image).toMatchObject({ upload_url: uploadUrl, max_bytes: 5 * 1024 * 1024 });
    expect(image.content_types).toEqual(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
    expect(image.expires_at * 1000).toBeGreaterThan(Date.now());
    const video = await tokenFor(viewer, 'video');
    expect(video).toMatchObject({ max_bytes: 50 * 1024 * 1024, content_types: ['video/mp4', 'video/webm'] });
  });

  it('stores a PNG under a random name and serves it back as a PNG, nosniff', async () => {
    const { token } = await tokenFor(viewer);
    const bytes = png();
    const answer = await upload(viewer, { token, purpose: 'avatar' }, { bytes, name: 'me.png' });
    expect(answer).toMatchObject({ code: ResultCode.ok, data: { content_type: 'image/png' } });
    // Redrawn: the padding after the picture is gone.
    expect(answer.data.bytes).toBeLessThan(bytes.length);
    expect(answer.data.path).toMatch(/^\/media\/uploads\/[0-9a-f]{32}\.png$/);

    const row = await server.database.db.selectFrom('uploads').selectAll().where('path', '=', answer.data.path).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ purpose: 'avatar', content_type: 'image/png', bytes: answer.data.bytes, width: 2, height: 3 });
    const viewerId = await server.database.db.selectFrom('users').select('id').where('mobile', '=', demoLogins.viewer.mobile).executeTakeFirstOrThrow();
    expect(Number(row.owner_id)).toBe(Number(viewerId.id));

    const served = await fetch(new URL(answer.data.path, server.baseUrl));
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata())).toMatchObject({ format: 'png', width: 2, height: 3 });
  });

  it('redraws every picture: GPS, camera and comments gone, a declared 50,000 × 50,000 PNG refused undecoded, a JPEG+ZIP polyglot cut to its pixels', async () => {
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a7' } })
      .withExif({
        IFD0: { Make: 'camera-make-secret', Model: 'camera-model-secret', ImageDescription: 'home-address-secret' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2964/100', GPSLongitudeRef: 'E', GPSLongitude: '2/1 17/1 4032/100' },
      })
      .jpeg()
      .toBuffer();
    expect(photo.includes('camera-make-secret')).toBe(true);
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('payload.html<script>alert(1)</script>'), Buffer.alloc(64)]);
    for (const [purpose, bytes] of [
      ['avatar', photo],
      ['chat_image', photo],
      ['circle_image', photo],
      ['chat_image', Buffer.concat([photo, zip])],
    ] as const) {
      const { token } = await tokenFor(viewer);
      const answer = await upload(viewer, { token, purpose }, { bytes, type: 'image/jpeg', name: 'photo.jpg' });
      expect(answer, purpose).toMatchObject({ code: ResultCode.ok, data: { content_type: 'image/jpeg' } });
      const stored = Buffer.from(await (await fetch(new URL(answer.data.path, server.baseUrl))).arrayBuffer());
      const metadata = await sharp(stored).metadata();
      expect(metadata).toMatchObject({ format: 'jpeg', width: 64, height: 48 });
      expect(metadata.exif).toBeUndefined();
      for (const secret of ['camera-make-secret', 'camera-model-secret', 'home-address-secret', 'payload.html', 'PK']) {
        expect(stored.includes(secret), secret).toBe(false);
      }
    }

    const bomb = greyPng(50_000, 50_000, 1);
    expect(bomb.length).toBeLessThan(300 * 1024);
    const { token } = await tokenFor(viewer);
    await expectNothingStored(async () => {
      expect(await upload(viewer, { token, purpose: 'chat_image' }, { bytes: bomb, name: 'bomb.png' })).toMatchObject({
        code: ResultCode.error,
        msg: 'The picture is too large: at most 40 megapixels',
      });
    });
  });

  it('refuses a file whose bytes are not an image, whatever its name and declared type', async () => {
    const { token } = await tokenFor(viewer);
    await expectNothingStored(async () => {
      const answer = await upload(viewer, { token, purpose: 'avatar' }, { bytes: svg, name: 'innocent.png', type: 'image/png' });
      expect(answer).toMatchObject({ code: ResultCode.error, msg: uploadMessages.wrongType.image });
    });
    await expectNothingStored(async () => {
      const html = new TextEncoder().encode('<!doctype html><html><body>hello</body></html>'.padEnd(100, ' '));
      // A cover (the image kind's first purpose) takes png and jpg only, and says so.
      const answer = await upload(viewer, { token }, { bytes: html, name: 'page.jpg', type: 'image/jpeg' });
      expect(answer).toMatchObject({ code: ResultCode.error, msg: uploadMessages.coverType });
    });
  });

  it('refuses an image over 5 MB and keeps no part of it', async () => {
    const { token } = await tokenFor(viewer);
    await expectNothingStored(async () => {
      const answer = await upload(viewer, { token }, { bytes: png(uploadLimits.image.maxBytes + 1) });
      expect(answer).toMatchObject({ code: ResultCode.error, msg: translate(uploadMessages.tooLarge, 'en', { megabytes: uploadLimits.image.maxBytes / (1024 * 1024) }) });
    });
  });

  it('stops reading a body that passes the limit, answers and closes the connection', async () => {
    const { token } = await tokenFor(viewer);
    const boundary = 'pitchside-boundary';
    const mebibyte = 1024 * 1024;
    const head = new TextEncoder().encode(
      `--${boundary}\r\nContent-Disposition: form-data; name="token"\r\n\r\n${token}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    // 200 MB offered a mebibyte at a time; the server should take little more than its 5 MB.
    let sentMebibytes = 0;
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => controller.enqueue(head),
      pull: (controller) => {
        if (sentMebibytes === 200) {
          controller.enqueue(new TextEncoder().encode(`\r\n--${boundary}--\r\n`));
          controller.close();
          return;
        }
        controller.enqueue(sentMebibytes === 0 ? png(mebibyte) : new Uint8Array(mebibyte));
        sentMebibytes += 1;
      },
    });
    await expectNothingStored(async () => {
      const response = await fetch(new URL(uploadUrl, server.baseUrl), {
        method: 'POST',
        headers: { token: viewer, lang: 'en', 'content-type': `multipart/form-data; boundary=${boundary}` },
        body,
        duplex: 'half',
      });
      expect(await response.json()).toMatchObject({ code: ResultCode.error, msg: translate(uploadMessages.tooLarge, 'en', { megabytes: uploadLimits.image.maxBytes / (1024 * 1024) }) });
      expect(response.headers.get('connection')).toBe('close');
    });
    expect(sentMebibytes).toBeLessThan(40);
  });

  it("refuses another user's token, a forged one and an expired one", async () => {
    const viewerToken = (await tokenFor(viewer)).token;
    await expectNothingStored(async () => {
      const answer = await upload(anchor, { token: viewerToken }, { bytes: png() });
      expect(answer).toMatchObject({ code: ResultCode.error, msg: uploadTokenMessages.invalid });
    });
    await expectNothingStored(async () => {
      const forged = viewerToken.replace(/\.(image)\./, '.video.');
      const answer = await upload(viewer, { token: forged }, { bytes: mp4(), type: 'video/mp4', name: 'clip.mp4' });
      expect(answer).toMatchObject({ code: ResultCode.error, msg: uploadTokenMessages.invalid });
    });
    clock.offsetMs += 16 * 60_000;
    try {
      await expectNothingStored(async () => {
        const answer = await upload(viewer, { token: viewerToken }, { bytes: png() });
        expect(answer).toMatchObject({ code: ResultCode.error, msg: uploadTokenMessages.expired });
      });
    } finally {
      clock.offsetMs = 0;
    }
  });

  it('stores one upload per token: a second one, even at the same moment, is refused and leaves nothing', async () => {
    const { token } = await tokenFor(viewer);
    expect((await upload(viewer, { token }, { bytes: png() })).code).toBe(ResultCode.ok);
    await expectNothingStored(async () => {
      expect(await upload(viewer, { token }, { bytes: png() })).toMatchObject({ code: ResultCode.error, msg: uploadTokenMessages.used });
    });

    const twice = (await tokenFor(viewer)).token;
    const rowsBefore = await uploadRows();
    const answers = await Promise.all(Array.from({ length: 5 }, () => upload(viewer, { token: twice }, { bytes: png() })));
    expect(answers.filter((answer) => answer.code === ResultCode.ok)).toHaveLength(1);
    expect(answers.filter((answer) => answer.code !== ResultCode.ok).map((answer) => answer.msg)).toEqual(
      Array(4).fill(uploadTokenMessages.used),
    );
    expect(await uploadRows()).toBe(rowsBefore + 1);
  });

  it(`refuses a user's uploads past ${uploadsPerUserPerHour} in an hour, and takes them again an hour on`, async () => {
    const expert = await logIn(server, demoLogins.expert);
    const expertId = await server.database.db.selectFrom('users').select('id').where('mobile', '=', demoLogins.expert.mobile).executeTakeFirstOrThrow();
    const now = Date.now() + clock.offsetMs;
    await server.database.db
      .insertInto('uploads')
      .values(
        Array.from({ length: uploadsPerUserPerHour }, (_, i) => ({
          owner_id: Number(expertId.id),
          path: `/media/uploads/${String(i).padStart(32, 'e')}.png`,
          purpose: 'avatar' as const,
          content_type: 'image/png',
          bytes: 10,
          sha256: '0'.repeat(64),
          created_at: new Date(now - 30 * 60_000),
        })),
      )
      .execute();
    const { token } = await tokenFor(expert);
    await expectNothingStored(async () => {
      expect(await upload(expert, { token }, { bytes: png() })).toMatchObject({ code: ResultCode.error, msg: uploadTokenMessages.perHour });
    });
    clock.offsetMs += 31 * 60_000;
    try {
      const fresh = (await tokenFor(expert)).token;
      expect((await upload(expert, { token: fresh }, { bytes: png() })).code).toBe(ResultCode.ok);
    } finally {
      clock.offsetMs = 0;
    }
  });

  it('lets a video token take a video and refuse an image', async () => {
    const { token } = await tokenFor(viewer, 'video');
    await expectNothingStored(async () => {
      const answer = await upload(viewer, { token }, { bytes: png(), type: 'video/mp4', name: 'clip.mp4' });
      expect(answer).toMatchObject({ code: ResultCode.error, msg: uploadMessages.wrongType.video });
    });
    const video = await upload(viewer, { token }, { bytes: mp4(), type: 'video/mp4', name: 'clip.mp4' });
    expect(video).toMatchObject({ code: ResultCode.ok, data: { content_type: 'video/mp4' } });
    const served = await fetch(new URL(video.data.path, server.baseUrl), { headers: { range: 'bytes=0-9' } });
    expect(served.status).toBe(206);
    expect(served.headers.get('content-type')).toBe('video/mp4');
  });

  it('lets a chat file token take a PDF, served for download, and refuse markup', async () => {
    const { token } = await tokenFor(viewer, 'file');
    await expectNothingStored(async () => {
      const bytes = new TextEncoder().encode('<html><script>alert(1)</script></html>');
      const answer = await upload(viewer, { token, purpose: 'chat_file' }, { bytes, type: 'application/pdf', name: 'notes.pdf' });
      expect(answer).toMatchObject({ code: ResultCode.error, msg: uploadMessages.wrongType.file });
    });
    const { token: second } = await tokenFor(viewer, 'file');
    const pdf = new TextEncoder().encode('%PDF-1.4\n%%EOF\n');
    const stored = await upload(viewer, { token: second, purpose: 'chat_file' }, { bytes: pdf, type: 'application/pdf', name: 'lineup.pdf' });
    expect(stored).toMatchObject({ code: ResultCode.ok, data: { content_type: 'application/pdf', bytes: pdf.length } });
    const served = await fetch(new URL(stored.data.path, server.baseUrl));
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(served.headers.get('content-disposition')).toBe('attachment');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    // A chat file keeps its bytes.
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(pdf);
  });

  it('refuses a form without a session, without a token, with the token after the file, or without a file', async () => {
    const { token } = await tokenFor(viewer);
    await expectNothingStored(async () => {
      expect((await upload(null, { token }, { bytes: png() })).code).toBe(ResultCode.sessionGone);
      expect(await upload(viewer, {}, { bytes: png() })).toMatchObject({ code: ResultCode.error, msg: uploadMessages.tokenAfterFile });
      expect(await upload(viewer, { token }, null)).toMatchObject({ code: ResultCode.error, msg: uploadMessages.fileMissing });
      expect(await upload(viewer, { token, purpose: 'video' }, { bytes: png() })).toMatchObject({
        code: ResultCode.error,
        msg: uploadMessages.purposeWrong,
      });
      const json = await server.call('POST', uploadUrl, { token }, { token: viewer });
      expect(json).toMatchObject({ status: 400, code: ResultCode.error });
    });
  });

  it('serves only the names it gives', async () => {
    for (const name of ['0123456789abcdef0123456789abcdef.svg', '0123456789abcdef0123456789abcdef.png', 'x.html', '..%2Fpitchside.db']) {
      const response = await fetch(new URL(`/media/uploads/${name}`, server.baseUrl));
      expect(response.status, name).toBe(404);
    }
  });

  it('sets the avatar to an image the user uploaded, not to one of another user nor to a video', async () => {
    const own = await upload(viewer, { token: (await tokenFor(viewer)).token, purpose: 'avatar' }, { bytes: png() });
    const others = await upload(anchor, { token: (await tokenFor(anchor)).token, purpose: 'avatar' }, { bytes: png() });
    const video = await upload(viewer, { token: (await tokenFor(viewer, 'video')).token }, { bytes: mp4(), type: 'video/mp4', name: 'clip.mp4' });
    expect([own.code, others.code, video.code]).toEqual([ResultCode.ok, ResultCode.ok, ResultCode.ok]);
    const asVideo = await server.call('POST', '/api/member/updateInfo', { avatar: video.data.path }, { token: viewer });
    expect(asVideo.code).toBe(ResultCode.error);

    const changed = await server.call<{ avatar: string }>('POST', '/api/member/updateInfo', { avatar: own.data.path }, { token: viewer });
    expect(changed).toMatchObject({ code: ResultCode.ok, data: { avatar: own.data.path } });

    const refused = await server.call('POST', '/api/member/updateInfo', { avatar: others.data.path }, { token: viewer });
    expect(refused.code).toBe(ResultCode.error);
    const info = await server.call<{ avatar: string }>('GET', '/api/Member/info', {}, { token: viewer });
    expect(info.data.avatar).toBe(own.data.path);
  });
});
