import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import en from '../../i18n/messages/en.json';
import vi from '../../i18n/messages/vi.json';
import zh from '../../i18n/messages/zh.json';
import { QrLoginRequest, type LoginQrRequester } from './qr-login-request.tsx';

// 2026-03-14 20:05:09 UTC: a fixed moment, so the screenshots stay the same.
const requestedBy: LoginQrRequester = { browser: 'Chrome 131', os: 'Windows', address: '198.51.100.7', requested_at: 1_773_518_709 };

const meta = {
  title: 'account/QrLoginRequest',
  component: QrLoginRequest,
  args: { requestedBy },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 432 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof QrLoginRequest>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    const request = canvas.getByRole('region', { name: zh['qrConfirm.requestedBy'] });
    await expect(request).toHaveTextContent(zh['qrConfirm.deviceOn'].replace('{os}', 'Windows').replace('{browser}', 'Chrome 131'));
    await expect(request).toHaveTextContent('198.51.100.7');
    await expect(canvas.getByText(zh['qrConfirm.notYou'])).toBeVisible();
    await expect(request.querySelector('time')).toHaveAttribute('datetime', '2026-03-14T20:05:09.000Z');
  },
};

export const Playground: Story = {
  argTypes: { requestedBy: { control: 'object' } },
};

export const English: Story = {
  globals: { locale: 'en' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('region', { name: en['qrConfirm.requestedBy'] })).toHaveTextContent('Chrome 131 on Windows');
    await expect(canvas.getByText(en['qrConfirm.notYou'])).toBeVisible();
  },
};

export const Vietnamese: Story = {
  globals: { locale: 'vi' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('region', { name: vi['qrConfirm.requestedBy'] })).toHaveTextContent('Chrome 131 trên Windows');
  },
};

export const UnknownDevice: Story = {
  args: { requestedBy: { ...requestedBy, browser: null, os: null } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(zh['qrConfirm.unknownDevice'])).toBeVisible();
  },
};

export const SystemOnly: Story = {
  args: { requestedBy: { ...requestedBy, browser: null, os: 'Android' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('region', { name: zh['qrConfirm.requestedBy'] })).toHaveTextContent('Android');
  },
};

export const LongAddress: Story = {
  args: { requestedBy: { ...requestedBy, browser: 'Samsung Internet 26', os: 'Android', address: '2001:0db8:85a3:0000:0000:8a2e:0370:7334' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('2001:0db8:85a3:0000:0000:8a2e:0370:7334')).toBeVisible();
  },
};
