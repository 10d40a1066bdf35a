import type { UploadProgress } from './queries/video.ts';

// A small tus 1.0.0 client for the site's own server (/api/tus/videos): tus-js-client is not installed, and the
// core protocol is three requests. The upload's address is kept in localStorage under the file's name, size and
// time, so a dropped connection, a reload or a closed tab resumes from the server's offset instead of byte 0.

const endpoint = '/api/tus/videos';
/** One PATCH at a time of at most this much: a lost connection costs at most one chunk, and progress stays fine-grained. */
const chunkBytes = 4 * 1024 * 1024;
/** Waits before each retry of a failed request; then the upload gives up (and can be resumed later). */
const retryDelaysMs = [500, 1000, 2000, 4000, 8000];

const storageKey = (file: File, userId: number) => `tus:${String(userId)}:${file.name}:${String(file.size)}:${String(file.lastModified)}`;

class TusError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

function send(
  method: string,
  url: string,
  headers: Record<string, string>,
  body: Blob | null,
  onSent?: (bytes: number) => void,
  signal?: AbortSignal,
): Promise<XMLHttpRequest> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(method, url);
    for (const [name, value] of Object.entries({ 'Tus-Resumable': '1.0.0', ...headers })) request.setRequestHeader(name, value);
    if (onSent) request.upload.addEventListener('progress', (event) => onSent(event.loaded));
    request.addEventListener('load', () => {
      if (request.status >= 200 && request.status < 300) resolve(request);
      else reject(new TusError(typeof request.response === 'string' && request.response ? request.response : `HTTP ${String(request.status)}`, request.status));
    });
    request.addEventListener('error', () => reject(new TusError('network', 0)));
    request.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(body);
  });
}

const wait = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new DOMException('aborted', 'AbortError'));
    });
  });

const base64 = (text: string) => btoa(String.fromCharCode(...new TextEncoder().encode(text)));

export interface ResumableSession {
  token: string;
  language: string;
  userId: number;
}

/**
 * Sends `file` with tus, resuming an earlier upload of the same file when the server still has it; answers the
 * upload's id once every byte is there. Network failures are retried from the server's offset (HEAD) with
 * growing waits; a refusal (4xx) is thrown with the server's words.
 */
export async function uploadResumably(
  file: File,
  session: ResumableSession,
  onProgress: (progress: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<string> {
  const headers = { token: session.token, lang: session.language };
  const key = storageKey(file, session.userId);
  let location = localStorage.getItem(key);
  let offset = 0;
  if (location) {
    try {
      const head = await send('HEAD', location, headers, null, undefined, signal);
      offset = Number(head.getResponseHeader('Upload-Offset') ?? 0);
    } catch (error) {
      if (error instanceof DOMException) throw error;
      location = null;
    }
  }
  if (!location) {
    const created = await send(
      'POST',
      endpoint,
      { ...headers, 'Upload-Length': String(file.size), 'Upload-Metadata': `filename ${base64(file.name)},filetype ${base64(file.type || 'video/mp4')}` },
      null,
      undefined,
      signal,
    );
    location = created.getResponseHeader('Location');
    if (!location) throw new Error('no upload address');
    localStorage.setItem(key, location);
    offset = 0;
  }
  const samples: Array<{ at: number; sent: number }> = [];
  const report = (sent: number) => {
    const now = performance.now();
    samples.push({ at: now, sent });
    // The rate over the last two seconds: steady enough to read, quick to show a stall.
    while (samples.length > 2 && now - samples[0]!.at > 2000) samples.shift();
    const first = samples[0]!;
    const seconds = (now - first.at) / 1000;
    onProgress({ sent, total: file.size, bytesPerSecond: seconds > 0 ? (sent - first.sent) / seconds : 0 });
  };
  report(offset);
  let failures = 0;
  while (offset < file.size) {
    const chunk = file.slice(offset, Math.min(file.size, offset + chunkBytes));
    const from = offset;
    try {
      const answer = await send(
        'PATCH',
        location,
        { ...headers, 'Content-Type': 'application/offset+octet-stream', 'Upload-Offset': String(from) },
        chunk,
        (loaded) => report(from + loaded),
        signal,
      );
      offset = Number(answer.getResponseHeader('Upload-Offset') ?? from + chunk.size);
      failures = 0;
    } catch (error) {
      if (error instanceof DOMException) throw error;
      const status = error instanceof TusError ? error.status : 0;
      // 409: the offset moved (a cut request left bytes behind); anything but a refusal is worth another try.
      if (status >= 400 && status < 500 && status !== 409 && status !== 423) throw error;
      if (failures >= retryDelaysMs.length) throw error;
      await wait(retryDelaysMs[failures]!, signal);
      failures += 1;
      const head = await send('HEAD', location, headers, null, undefined, signal).catch(() => null);
      if (head) offset = Number(head.getResponseHeader('Upload-Offset') ?? offset);
    }
    report(offset);
  }
  localStorage.removeItem(key);
  return location.split('/').pop()!;
}
