import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { QrCode } from '../ui/qr-code.tsx';
import { sampleCover } from '../ui/story-images.ts';
import { SiteFooter } from './site-footer.tsx';

const config = {
  weibo_qr_code: sampleCover,
  follow_us: sampleCover,
  apply_for_anchor: 'anchor@pitchside.example',
  feedback_qq: '800012346',
  customer_service_email: 'service@pitchside.example',
  site_icp: '京ICP备2026000000号-1',
};

const meta = {
  title: 'app/SiteFooter',
  component: SiteFooter,
  args: { siteName: 'Pitchside', config, year: 2026 },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof SiteFooter>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    const legal = canvas.getByRole('navigation', { name: '法律与帮助' });
    await expect(legal.querySelectorAll('a')).toHaveLength(6);
    await expect(canvas.getByRole('link', { name: '隐私政策' })).toHaveAttribute('href', '/about-user?type=2');
    await expect(canvas.getByRole('img', { name: '官方微博' })).toBeVisible();
    await expect(canvas.getByRole('img', { name: '关注我们' })).toBeVisible();
    await expect(canvas.getByText('京ICP备2026000000号-1')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'service@pitchside.example' })).toHaveAttribute('href', 'mailto:service@pitchside.example');
  },
};

export const Playground: Story = {
  argTypes: { siteName: { control: 'text' }, year: { control: 'number' }, config: { control: 'object' } },
};

/** SPEC §8: a config that cannot be had is not reported; the footer leaves its parts out. */
export const WithoutConfig: Story = {
  args: { config: null },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('img')).toBeNull();
    await expect(canvas.getByText('暂无数据')).toBeVisible();
  },
};

export const PartialConfig: Story = {
  args: { config: { ...config, weibo_qr_code: '', feedback_qq: '', site_icp: '' } },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('img', { name: '官方微博' })).toBeNull();
    await expect(canvas.queryByText('反馈QQ')).toBeNull();
  },
};

export const Chinese: Story = {
  globals: { locale: 'zh' },
};

export const English: Story = {
  globals: { locale: 'en' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Streaming agreement' })).toHaveAttribute('href', '/about-user?type=3');
  },
};

export const Phone: Story = {
  globals: { viewport: { value: 'phone' } },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
};

/** The QR code component beside the footer's images, as the download page will show it. */
export const WithGeneratedCode: Story = {
  render: (args) => (
    <>
      <SiteFooter {...args} />
      <div style={{ padding: 16 }}>
        <QrCode value="https://pitchside.example/downLoad" label="扫码下载 App" />
      </div>
    </>
  ),
};
