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

export default defineConfig(({ command }) => ({
  plugins: [react(), inlineEntryStylesheet()],
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
