import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { QrCode } from './qr-code.tsx';

const meta = {
  title: 'ui/QrCode',
  component: QrCode,
  args: { value: 'https://pitchside.example/downLoad', label: '扫码下载 App', size: 128 },
} satisfies Meta<typeof QrCode>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    const code = canvas.getByRole('img', { name: '扫码下载 App' });
    await expect(code).toHaveAttribute('width', '128');
    // A version 3 code for this address: 29 modules and 2 of quiet zone on each side.
    await expect(code.getAttribute('viewBox')).toBe('0 0 33 33');
  },
};

export const Playground: Story = {
  argTypes: {
    value: { control: 'text' },
    size: { control: { type: 'range', min: 64, max: 320, step: 8 } },
  },
};

export const LongValue: Story = {
  args: { value: `https://pitchside.example/login?code=${'a1b2c3d4'.repeat(12)}`, size: 200 },
};

export const Chinese: Story = {
  globals: { locale: 'zh' },
};

export const English: Story = {
  globals: { locale: 'en' },
  args: { label: 'Scan to download the app' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img', { name: 'Scan to download the app' })).toBeVisible();
  },
};

/** Dark modules on white in either theme, as scanners expect. */
export const Dark: Story = {
  globals: { theme: 'dark' },
};
