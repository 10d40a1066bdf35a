import type { ApiData } from './client.ts';
import type { paths } from './schema';

/** How much of a form has gone up, in bytes. */
export interface FormProgress {
  sent: number;
  total: number;
}

/** Who sends the form, in which language the server answers. */
export interface FormSession {
  token: string;
  language: string;
}

type Envelope<T> = { code: number; msg: string; data: T };

/**
 * Posts a multipart form to a contract path with XMLHttpRequest, for its upload progress events (fetch reports
 * none). Resolves the envelope's data; rejects with its message, the refusal in the user's language.
 */
export function postFormWithProgress<P extends keyof paths>(
  path: P,
  body: FormData,
  session: FormSession,
  onProgress: (progress: FormProgress) => void,
): Promise<ApiData<P, 'post'>> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', path);
    request.responseType = 'json';
    request.setRequestHeader('token', session.token);
    request.setRequestHeader('lang', session.language);
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress({ sent: event.loaded, total: event.total });
    });
    request.addEventListener('load', () => {
      const answer = request.response as Envelope<ApiData<P, 'post'>> | null;
      if (answer && answer.code === 0) resolve(answer.data);
      else reject(new Error(answer?.msg || 'Error'));
    });
    request.addEventListener('error', () => reject(new Error('Error')));
    request.send(body);
  });
}
