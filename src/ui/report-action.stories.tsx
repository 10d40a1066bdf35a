import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import en from '../i18n/messages/en.json';
import vi from '../i18n/messages/vi.json';
import zh from '../i18n/messages/zh.json';
import { ReportAction, type ReportActionLabels } from './report-form.tsx';

// The small "Report" action under a chat line, a comment or a post: it opens the report form in place,
// sends once, and says so.

const labelsOf = (messages: typeof zh): ReportActionLabels => ({
  open: messages['report.open'],
  title: messages['report.title'],
  reason: messages['report.reasonLabel'],
  detail: messages['report.detail'],
  send: messages['report.send'],
  cancel: messages['report.cancel'],
  sent: messages['report.sent'],
  reasons: {
    spam: messages['report.reason.spam'],
    abuse: messages['report.reason.abuse'],
    porn: messages['report.reason.porn'],
    illegal: messages['report.reason.illegal'],
    other: messages['report.reason.other'],
  },
});

const meta = {
  title: 'ui/ReportAction',
  component: ReportAction,
  args: { labels: labelsOf(zh), send: fn(async () => ({})), quiet: true },
} satisfies Meta<typeof ReportAction>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Closed: one quiet word beside the line's other actions. */
export const Closed: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: zh['report.open'] })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: zh['report.send'] })).toBeNull();
  },
};

export const Playground: Story = {};

/** The chosen reason and the reporter's words are sent once; the form then says it was sent. */
export const Sent: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: zh['report.open'] }));
    await userEvent.selectOptions(canvas.getByLabelText(zh['report.reasonLabel']), 'abuse');
    await userEvent.type(canvas.getByRole('textbox', { name: zh['report.detail'] }), '骂人');
    await userEvent.click(canvas.getByRole('button', { name: zh['report.send'] }));
    await expect(await canvas.findByText(zh['report.sent'])).toBeVisible();
    await expect(args.send).toHaveBeenCalledTimes(1);
    await expect(args.send).toHaveBeenCalledWith({ reason: 'abuse', detail: '骂人' });
    await expect(canvas.getByRole('button', { name: zh['report.send'] })).toBeDisabled();
  },
};

/** The server's refusal (one's own words, content already gone) is shown, and the form stays open. */
export const Refused: Story = {
  args: {
    send: fn(async () => {
      throw new Error('不能举报自己发的内容');
    }),
  },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: zh['report.open'] }));
    await userEvent.click(canvas.getByRole('button', { name: zh['report.send'] }));
    await expect(await canvas.findByText('不能举报自己发的内容')).toBeVisible();
    await expect(canvas.getByRole('button', { name: zh['report.send'] })).toBeEnabled();
  },
};

/** Cancelling closes the form without sending. */
export const Cancelled: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: zh['report.open'] }));
    await userEvent.click(canvas.getByRole('button', { name: zh['report.cancel'] }));
    await expect(canvas.getByRole('button', { name: zh['report.open'] })).toBeVisible();
    await expect(args.send).not.toHaveBeenCalled();
  },
};

export const EnglishOpen: Story = {
  args: { labels: labelsOf(en) },
  globals: { locale: 'en' },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: en['report.open'] }));
    await expect(canvas.getByRole('option', { name: en['report.reason.porn'] })).toBeInTheDocument();
  },
};

export const VietnameseOpen: Story = {
  args: { labels: labelsOf(vi) },
  globals: { locale: 'vi' },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: vi['report.open'] }));
    await expect(canvas.getByRole('option', { name: vi['report.reason.illegal'] })).toBeInTheDocument();
  },
};

/** As a button, where the content is a page of its own (a video). */
export const AsButton: Story = { args: { quiet: false } };
