import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { chromiumLaunchOptions } from './scripts/chromium.mjs';

// Vitest 4 scales the story's frame down to fit the browser window (Playwright's default 1280x720),
// and the screenshot with it; a window as large as the largest story viewport (laptop 1280 wide,
// Storybook's default 1200x900) keeps every story at scale 1, as the baselines were taken.
const chromium = playwright({ launchOptions: chromiumLaunchOptions, contextOptions: { viewport: { width: 1280, height: 900 } } });

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [react()],
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup-dom.ts'],
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/lint/**/*.test.ts'],
          globalSetup: ['tests/api/template-setup.ts'],
        },
      },
      {
        test: {
          name: 'api',
          environment: 'node',
          include: ['tests/api/**/*.test.ts'],
          globalSetup: ['tests/api/template-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [storybookTest({ configDir: '.storybook' })],
        // Only the machine path stories bring xstate/graph into the browser; found halfway through a run, it
        // made Vite optimise again and reload the page under the stories running then.
        optimizeDeps: { include: ['xstate/graph'] },
        test: {
          name: 'storybook',
          // Story files share one origin, so one file's logged-in viewer (userInfo in localStorage)
          // would show in another's screenshot if they ran at once.
          fileParallelism: false,
          browser: {
            enabled: true,
            headless: true,
            provider: chromium,
            instances: [{ browser: 'chromium' }],
          },
          setupFiles: ['.storybook/vitest.setup.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/site-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
