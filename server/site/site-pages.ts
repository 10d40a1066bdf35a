import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pageDescription, publicPages, type PageDescription } from '../../src/public-pages.ts';
import { catalogues, type Language } from '../i18n/server-messages.ts';
import { answerEncoding } from './compress-answers.ts';

// What the site serves besides the app's files: robots.txt, the sitemap of its public pages, the app's
// page with the description of the page asked for, and the start-up page while the database opens.

/** The start-up page's texts (its ids are in server/i18n/messages). */
export const startupMessages = {
  title: 'Pitchside is starting',
  body: 'The site is starting up and will be ready in a few seconds. This page reloads by itself.',
  api: 'The site is starting: please try again in a moment',
} as const;

/** The page's language for a crawler or first visit: the app itself keeps the visitor's choice in localStorage. */
export function pageLanguage(request: FastifyRequest): Language {
  const accepted = String(request.headers['accept-language'] ?? '').toLowerCase();
  const first = accepted.split(',')[0]?.trim() ?? '';
  return first.startsWith('en') ? 'en' : first.startsWith('vi') ? 'vi' : 'zh';
}

/** The origin links in the sitemap use: SITE_URL when set (behind a proxy), else the request's own. */
function origin(request: FastifyRequest, siteUrl: string | undefined): string {
  return (siteUrl ?? `${request.protocol}://${request.host}`).replace(/\/+$/, '');
}

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[char]!);

export interface SiteRoutesOptions {
  /** Absolute origin for sitemap links, e.g. https://pitchside.example; default: the request's. */
  siteUrl?: string;
}

/** GET /robots.txt and GET /sitemap.xml. */
export async function siteRoutes(app: FastifyInstance, { siteUrl }: SiteRoutesOptions): Promise<void> {
  app.get('/robots.txt', async (request, reply) => {
    const lines = [
      'User-agent: *',
      'Allow: /',
      // Calls, uploads and streams are not pages.
      'Disallow: /api/',
      'Disallow: /hls/',
      'Disallow: /ws',
      'Disallow: /im',
      `Sitemap: ${origin(request, siteUrl)}/sitemap.xml`,
    ];
    return reply.type('text/plain; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(`${lines.join('\n')}\n`);
  });
  app.get('/sitemap.xml', async (request, reply) => {
    const base = origin(request, siteUrl);
    const urls = publicPages.map(({ path }) => `  <url><loc>${escapeXml(base + path)}</loc></url>`);
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
    return reply.type('application/xml; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(xml);
  });
}

interface Variant {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/**
 * The built index.html with the description of each page in each language, compressed once per variant and
 * rebuilt when a new build replaces the file.
 */
export class AppPage {
  readonly #file: string;
  #mtimeMs = -1;
  #template = '';
  readonly #variants = new Map<string, Variant>();

  constructor(distDir: string) {
    this.#file = join(distDir, 'index.html');
  }

  send(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    const mtimeMs = statSync(this.#file).mtimeMs;
    if (mtimeMs !== this.#mtimeMs) {
      this.#template = readFileSync(this.#file, 'utf8');
      this.#mtimeMs = mtimeMs;
      this.#variants.clear();
    }
    const path = request.url.split('?')[0] ?? '/';
    const language = pageLanguage(request);
    const description = pageDescription(path);
    const key = `${language}\n${publicPages.some((page) => page.path === path) ? path : ''}`;
    let variant = this.#variants.get(key);
    if (!variant) {
      variant = this.#build(description, language);
      this.#variants.set(key, variant);
    }
    const encoding = answerEncoding(request.headers['accept-encoding']);
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding, Accept-Language');
    if (encoding) reply.header('Content-Encoding', encoding);
    return reply.send(encoding ? variant[encoding] : variant.identity);
  }

  #build(description: PageDescription, language: Language): Variant {
    const html = this.#template.replace(
      /<meta name="description" content="[^"]*"\s*\/?>/,
      `<meta name="description" content="${escapeXml(description[language])}" />`,
    );
    const identity = Buffer.from(html);
    return {
      identity,
      br: brotliCompressSync(identity, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9 } }),
      gzip: gzipSync(identity, { level: 9 }),
    };
  }
}

/** The page shown while the database opens, in the language the browser asks for; it reloads itself. */
export function startupPage(language: Language): string {
  const say = (text: string) => escapeXml(catalogues[language][text] ?? text);
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="UTF-8" />
<meta name="viewport" content="width=device-width, initial-scale=1.0" />
<meta http-equiv="refresh" content="1" />
<meta name="robots" content="noindex" />
<title>${say(startupMessages.title)}</title>
<style>body{margin:0;background:#f3f5f8;font:16px system-ui,-apple-system,'PingFang SC','Microsoft YaHei',sans-serif;color:#12161f}
header{height:60px;background:#12161f;color:#f2f4f8;display:flex;align-items:center;padding:0 16px;font-weight:800;font-size:19px}
main{max-width:560px;margin:15vh auto;padding:0 16px;text-align:center}</style>
</head>
<body><header>Pitchside</header><main><h1>${say(startupMessages.title)}</h1><p>${say(startupMessages.body)}</p></main></body>
</html>
`;
}
