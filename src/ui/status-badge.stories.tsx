import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import en from '../i18n/messages/en.json';
import zh from '../i18n/messages/zh.json';
import { statusMessages } from '../i18n/status-messages.ts';
import { StatusBadge, type BadgeStatus } from './status-badge.tsx';

const groups: Record<string, BadgeStatus[]> = {
  live: ['in_progress', 'not_started', 'over'],
  review: ['under_review', 'audit_successful', 'audit_failure'],
  settlement: ['to_be_settled', 'settled', 'won', 'lost', 'void'],
};

function AllStatuses({ messages }: { messages: typeof zh }) {
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      {Object.entries(groups).map(([group, statuses]) => (
        <div key={group} style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
          {statuses.map((status) => (
            <StatusBadge key={status} status={status} label={messages[statusMessages[status]]} />
          ))}
        </div>
      ))}
    </div>
  );
}

const meta = {
  title: 'ui/StatusBadge',
  component: StatusBadge,
  args: { status: 'in_progress', label: zh['status.in_progress'] },
} satisfies Meta<typeof StatusBadge>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText(zh['status.in_progress'])).toHaveAttribute('data-status', 'in_progress');
  },
};

export const Playground: Story = {
  argTypes: { status: { control: 'select', options: Object.keys(statusMessages) }, label: { control: 'text' } },
};

/** SPEC §4: live (in progress, not started, over), review and settlement statuses. */
export const AllChinese: Story = {
  globals: { locale: 'zh' },
  render: () => <AllStatuses messages={zh} />,
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelectorAll('[data-status]')).toHaveLength(11);
  },
};

export const AllEnglish: Story = {
  globals: { locale: 'en' },
  render: () => <AllStatuses messages={en} />,
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Audit failure')).toHaveAttribute('data-status', 'audit_failure');
  },
};

export const NotStarted: Story = {
  args: { status: 'not_started', label: zh['status.not_started'] },
};

export const Over: Story = {
  args: { status: 'over', label: zh['status.over'] },
};

export const Chinese: Story = {
  globals: { locale: 'zh' },
  args: { status: 'under_review', label: zh['status.under_review'] },
};

export const English: Story = {
  globals: { locale: 'en' },
  args: { status: 'won', label: en['status.won'] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Won')).toBeVisible();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  render: () => <AllStatuses messages={zh} />,
};
