import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../src/api/schema.d.ts';
import { coverMaxPixels, coverMaxWidth, uploadMessages } from '../../server/areas/account/upload-service.ts';
import { apiMessages } from '../../server/site/api-routes.ts';
import { uploadsPathPrefix } from '../../server/ports/upload-storage.ts';
import { roomSettingsMessages } from '../../server/areas/live/room-settings-service.ts';
import { ResultCode } from '../../server/errors.ts';
import { demoAnchorInRoom, demoLogins, logIn } from './demo-session.ts';
import { greyPng } from './test-pictures.ts';
import { startTestServer, type Envelope, type TestServer } from './test-server.ts';

// Live/setLiveInfo and Live/mobileStartRoom (SPEC §5): the room's settings as a form with its
// cover. The fields are held to the contract, the cover to png or jpg of up to 5 MB by its content, then drawn
// again: what comes out is a clean JPEG at most 1280 px wide.

type Schemas = components['schemas'];
type Field = string | { bytes: Uint8Array; name: string; type: string };

/** A photo as a phone sends it: EXIF with a location, 2000 px wide, and bytes hidden after its end. */
async function phonePhoto(): Promise<Buffer> {
  const photo = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#2a7' } })
    .jpeg()
    .withExif({ IFD0: { Copyright: 'camera-owner-secret', ImageDescription: 'home-address-secret' } })
    .toBuffer();
  return Buffer.concat([photo, Buffer.from('<script>hidden-after-the-picture</script>')]);
}

describe("live rooms: the room's settings sent as a form with a cover", () => {
  let server: TestServer;
  let dataDir: string;
  let anchor: { id: number; token: string; roomId: number };
  let viewerToken: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'pitchside-room-form-'));
    process.env.DATA_DIR = dataDir;
    server = await startTestServer();
    anchor = await demoAnchorInRoom(server);
    viewerToken = await logIn(server, demoLogins.viewer);
  }, 120_000);
  afterAll(async () => {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function send<T>(path: string, token: string, fields: Record<string, Field>): Promise<Envelope<T>> {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) {
      if (typeof value === 'string') form.append(name, value);
      else form.append(name, new Blob([value.bytes], { type: value.type }), value.name);
    }
    const response = await fetch(new URL(path, server.baseUrl), { method: 'POST', headers: { token, lang: 'en' }, body: form });
    return (await response.json()) as Envelope<T>;
  }
  const setLiveInfo = (token: string, fields: Record<string, Field>) => send<Schemas['LiveRoom']>('/api/Live/setLiveInfo', token, fields);
  const storedFiles = () => {
    try {
      return readdirSync(join(dataDir, 'uploads')).sort();
    } catch {
      return [];
    }
  };
  const roomRow = () =>
    server.database.db.selectFrom('live_rooms').select(['title', 'placard', 'cover', 'category_id', 'status']).where('id', '=', anchor.roomId).executeTakeFirstOrThrow();
  const category = () => server.database.db.selectFrom('live_categories').select(['id', 'type']).orderBy('id').executeTakeFirstOrThrow();

  /** Proves a refused form changed nothing of the room and left no file behind. */
  async function expectRefused(answer: () => Promise<Envelope>, msg: string | RegExp) {
    const [before, files] = [await roomRow(), storedFiles()];
    const refused = await answer();
    expect(refused.code, refused.msg).toBe(ResultCode.error);
    if (typeof msg === 'string') expect(refused.msg).toBe(msg);
    else expect(refused.msg).toMatch(msg);
    expect(await roomRow()).toEqual(before);
    expect(storedFiles()).toEqual(files);
  }

  it("sets the title, announcement, category and a cover drawn again without what the file hid", async () => {
    const { id: categoryId, type } = await category();
    const answer = await setLiveInfo(anchor.token, {
      title: '周末联赛 直播',
      placard: '欢迎来到直播间',
      category_id: String(categoryId),
      cover: { bytes: await phonePhoto(), name: 'IMG_0001.jpg', type: 'image/jpeg' },
    });
    expect(answer.code, answer.msg).toBe(ResultCode.ok);
    expect(answer.data).toMatchObject({ title: '周末联赛 直播', type, category: { id: categoryId } });
    expect(answer.data.cover).toMatch(new RegExp(`^${uploadsPathPrefix}[0-9a-f]{32}\\.jpg$`));
    expect(await roomRow()).toMatchObject({ placard: '欢迎来到直播间', cover: answer.data.cover });

    const stored = readFileSync(join(dataDir, 'uploads', answer.data.cover.slice(uploadsPathPrefix.length)));
    const metadata = await sharp(stored).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: coverMaxWidth, height: coverMaxWidth / 2 });
    expect(metadata.exif).toBeUndefined();
    const text = stored.toString('latin1');
    for (const secret of ['camera-owner-secret', 'home-address-secret', 'hidden-after-the-picture']) expect(text).not.toContain(secret);
    // A JPEG ends with its end-of-image marker: nothing rides after it.
    expect([...stored.subarray(-2)]).toEqual([0xff, 0xd9]);
    const row = await server.database.db.selectFrom('uploads').select(['purpose', 'content_type', 'bytes', 'width']).where('path', '=', answer.data.cover).executeTakeFirstOrThrow();
    expect(row).toEqual({ purpose: 'cover', content_type: 'image/jpeg', bytes: stored.length, width: coverMaxWidth });
  });

  it('changes only what is sent', async () => {
    const before = await roomRow();
    const answer = await setLiveInfo(anchor.token, { placard: '' });
    expect(answer.code, answer.msg).toBe(ResultCode.ok);
    expect(await roomRow()).toEqual({ ...before, placard: '' });
  });

  it('refuses a viewer, who has no room', async () => {
    await expectRefused(() => setLiveInfo(viewerToken, { title: '我的房间' }), apiMessages.permissionDenied);
    await expectRefused(() => send('/api/Live/mobileStartRoom', viewerToken, { title: '我的房间', category_id: '1' }), apiMessages.permissionDenied);
  });

  it('holds the text fields to the contract and writes nothing when one is wrong', async () => {
    const photo = { bytes: greyPng(64, 32), name: 'cover.png', type: 'image/png' };
    await expectRefused(() => setLiveInfo(anchor.token, { placard: '字'.repeat(51), cover: photo }), /^Input error: placard must NOT have more than 50 characters/);
    await expectRefused(() => setLiveInfo(anchor.token, { title: '', cover: photo }), /^Input error: title must NOT have fewer than 1 characters/);
    await expectRefused(() => setLiveInfo(anchor.token, { title: '标'.repeat(41) }), /^Input error: title /);
    await expectRefused(() => setLiveInfo(anchor.token, { category_id: 'football' }), /^Input error: category_id must be integer/);
    await expectRefused(() => setLiveInfo(anchor.token, { match_id: '-1' }), /^Input error: match_id /);
    // The room's own rules refuse an unknown category after the cover was read: the cover goes too.
    const uploads = await server.database.db.selectFrom('uploads').select('id').execute();
    await expectRefused(() => setLiveInfo(anchor.token, { category_id: '999999', cover: photo }), roomSettingsMessages.categoryNotFound);
    await expectRefused(() => send('/api/Live/mobileStartRoom', anchor.token, { title: '开播', category_id: '999999', cover: photo }), roomSettingsMessages.categoryNotFound);
    expect(await server.database.db.selectFrom('uploads').select('id').execute()).toEqual(uploads);
    await expectRefused(() => send('/api/Live/mobileStartRoom', anchor.token, { category_id: '1' }), 'Input error: title is required');
  });

  it('judges the cover by its content: an HTML page named .png, a GIF, 6 MB, a decompression bomb are refused', async () => {
    const html = new TextEncoder().encode('<!doctype html><html><body><script>alert(1)</script></body></html>');
    await expectRefused(() => setLiveInfo(anchor.token, { cover: { bytes: html, name: 'cover.png', type: 'image/png' } }), uploadMessages.coverType);
    const gif = new TextEncoder().encode('GIF89a'.padEnd(100, '\0'));
    await expectRefused(() => setLiveInfo(anchor.token, { cover: { bytes: gif, name: 'cover.png', type: 'image/png' } }), uploadMessages.coverType);
    const sixMegabytes = new Uint8Array(6 * 1024 * 1024);
    sixMegabytes.set(greyPng(8, 8));
    await expectRefused(() => setLiveInfo(anchor.token, { cover: { bytes: sixMegabytes, name: 'big.png', type: 'image/png' } }), 'The file is larger than 5 MB');
    // 60,000 × 60,000 declared in a few kilobytes: 3.6 billion pixels, gigabytes once decoded.
    const bomb = greyPng(60_000, 60_000, 4);
    expect(bomb.length).toBeLessThan(100_000);
    expect(60_000 * 60_000).toBeGreaterThan(coverMaxPixels);
    await expectRefused(() => setLiveInfo(anchor.token, { cover: { bytes: bomb, name: 'bomb.png', type: 'image/png' } }), 'The picture is too large: at most 40 megapixels');
    // A PNG signature over bytes that are no picture.
    const broken = greyPng(16, 16).subarray(0, 40);
    await expectRefused(() => setLiveInfo(anchor.token, { cover: { bytes: broken, name: 'broken.png', type: 'image/png' } }), uploadMessages.undecodable);
  });

  it('starts the room on air with the settings sent, as Live/startRoom does', async () => {
    const { id: categoryId } = await category();
    const match = await server.database.db.selectFrom('matches').select('id').orderBy('id').executeTakeFirstOrThrow();
    if ((await roomRow()).status === 'in_progress') expect((await server.call('GET', '/api/Live/endRoom', {}, { token: anchor.token })).code).toBe(0);
    const answer = await send<Schemas['LiveStartResult']>('/api/Live/mobileStartRoom', anchor.token, {
      title: '手机开播',
      category_id: String(categoryId),
      match_id: String(match.id),
      cover: { bytes: greyPng(320, 180), name: 'cover.png', type: 'image/png' },
    });
    expect(answer.code, answer.msg).toBe(ResultCode.ok);
    expect(answer.data.room).toMatchObject({ title: '手机开播', category: { id: categoryId }, match: { id: match.id } });
    expect(answer.data.room.cover).toMatch(/\.jpg$/);
    expect(answer.data.push).toMatchObject({ room_id: anchor.roomId });
    expect(await roomRow()).toMatchObject({ status: 'in_progress', title: '手机开播', cover: answer.data.room.cover });
    const record = await server.database.db
      .selectFrom('live_records')
      .select(['title', 'ended_at'])
      .where('room_id', '=', anchor.roomId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(record).toEqual({ title: '手机开播', ended_at: null });
  });

  it("draws the console's cover upload again too", async () => {
    const grant = await server.call<Schemas['UploadToken']>('POST', '/api/Member/getQiniuToken', { kind: 'image' }, { token: anchor.token });
    const form = new FormData();
    form.append('token', grant.data.token);
    form.append('purpose', 'cover');
    form.append('file', new Blob([await phonePhoto()], { type: 'image/jpeg' }), 'IMG_0002.jpg');
    const response = await fetch(new URL('/api/upload', server.baseUrl), { method: 'POST', headers: { token: anchor.token, lang: 'en' }, body: form });
    const uploaded = (await response.json()) as Envelope<{ path: string; content_type: string; bytes: number }>;
    expect(uploaded.code, uploaded.msg).toBe(ResultCode.ok);
    const stored = readFileSync(join(dataDir, 'uploads', uploaded.data.path.slice(uploadsPathPrefix.length)));
    expect(uploaded.data).toEqual({ path: expect.stringMatching(/\.jpg$/) as string, content_type: 'image/jpeg', bytes: stored.length });
    expect((await sharp(stored).metadata()).exif).toBeUndefined();
    expect(stored.toString('latin1')).not.toContain('hidden-after-the-picture');
    expect((await server.call('GET', '/api/live/updateLive', { cover: uploaded.data.path }, { token: anchor.token })).code).toBe(ResultCode.ok);
  });
});
