import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const serverPort = process.env.PORT ?? '8080';

export default defineConfig(({ command }) => ({
  plugins: [react()],
  resolve: {
    // The app ships its messages precompiled (src/i18n/compiled), so the built site leaves out
    // react-intl's message parser.
    alias: command === 'build' ? [{ find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/lib/no-parser.js' }] : [],
  },
  server: {
    proxy: {
      '/api': `http://127.0.0.1:${serverPort}`,
      '/media': `http://127.0.0.1:${serverPort}`,
      '/ws': { target: `ws://127.0.0.1:${serverPort}`, ws: true },
      '/im': { target: `ws://127.0.0.1:${serverPort}`, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
  },
}));
