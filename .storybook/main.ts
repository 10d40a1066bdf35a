import type { StorybookConfig } from '@storybook/react-vite';

const config: StorybookConfig = {
  framework: '@storybook/react-vite',
  stories: ['../src/**/*.stories.@(ts|tsx)'],
  // The docs addon gives every component its docs page (autodocs, tagged in preview.tsx): the props
  // with their TSDoc, then each story.
  addons: ['@storybook/addon-vitest', '@storybook/addon-a11y', '@storybook/addon-docs'],
  // Tests run offline in CI; nothing should phone home.
  core: { disableTelemetry: true },
};

export default config;
