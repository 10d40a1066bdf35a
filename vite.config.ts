import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const serverPort = process.env.PORT ?? '8080';

/** The entry's stylesheet is written into index.html, so the first paint waits for no request. */
function inlineEntryStylesheet(): Plugin {
  return {
    name: 'pitchside:inline-entry-stylesheet',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const page = bundle['index.html'];
      if (page?.type !== 'asset' || typeof page.source !== 'string') return;
      page.source = page.source.replace(/<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/g, (tag, file: string) => {
        const stylesheet = bundle[file];
        return stylesheet?.type === 'asset' ? `<style>${String(stylesheet.source)}</style>` : tag;
      });
    },
  };
}

/** What precompressAssets compresses: text files of at least 1 KiB (source maps are for developer tools only). */
const compressible = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every compressible built file, which the server sends as
 * they are (@fastify/static's preCompressed) instead of compressing each request.
 */
function precompressAssets(): Plugin {
  const brotli = promisify(brotliCompress);
  const gzipAsync = promisify(gzip);
  async function* files(dir: string): AsyncGenerator<string> {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) yield* files(path);
      else if (compressible.test(entry.name)) yield path;
    }
  }
  return {
    name: 'pitchside:precompress-assets',
    apply: 'build',
    async writeBundle(options) {
      const outDir = options.dir ?? 'dist';
      const work: Promise<unknown>[] = [];
      for await (const path of files(outDir)) {
        work.push(
          readFile(path).then((source) => {
            if (source.length < 1024) return;
            return Promise.all([
              brotli(source, {
                params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: source.length },
              }).then((compressed) => writeFile(`${path}.br`, compressed)),
              gzipAsync(source, { level: 9 }).then((compressed) => writeFile(`${path}.gz`, compressed)),
            ]);
          }),
        );
      }
      await Promise.all(work);
    },
  };
}

export default defineConfig(({ command }) => ({
  plugins: [react(), inlineEntryStylesheet(), precompressAssets()],
  resolve: {
    // The app ships its messages precompiled (src/i18n/compiled), so the built site leaves out
    // react-intl's message parser.
    alias: command === 'build' ? [{ find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/lib/no-parser.js' }] : [],
  },
  server: {
    proxy: {
      '/api': `http://127.0.0.1:${serverPort}`,
      '/media': `http://127.0.0.1:${serverPort}`,
      '/hls': `http://127.0.0.1:${serverPort}`,
      '/ws': { target: `ws://127.0.0.1:${serverPort}`, ws: true },
      '/im': { target: `ws://127.0.0.1:${serverPort}`, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
  },
}));
