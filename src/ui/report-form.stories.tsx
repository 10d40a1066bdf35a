import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import en from '../i18n/messages/en.json';
import vi from '../i18n/messages/vi.json';
import zh from '../i18n/messages/zh.json';
import { ReportForm, type ReportFormLabels } from './report-form.tsx';

const labelsOf = (messages: typeof zh): ReportFormLabels => ({
  title: messages['report.title'],
  reason: messages['report.reasonLabel'],
  detail: messages['report.detail'],
  send: messages['report.send'],
  cancel: messages['report.cancel'],
  reasons: {
    spam: messages['report.reason.spam'],
    abuse: messages['report.reason.abuse'],
    porn: messages['report.reason.porn'],
    illegal: messages['report.reason.illegal'],
    other: messages['report.reason.other'],
  },
});

const meta = {
  title: 'ui/ReportForm',
  component: ReportForm,
  args: { labels: labelsOf(zh), onSend: fn(), onCancel: fn(), busy: false, problem: null, done: null },
} satisfies Meta<typeof ReportForm>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A reason chosen and words typed are what is sent. */
export const Default: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.selectOptions(canvas.getByLabelText(zh['report.reasonLabel']), 'abuse');
    await userEvent.type(canvas.getByRole('textbox', { name: zh['report.detail'] }), ' 骂人 ');
    await userEvent.click(canvas.getByRole('button', { name: zh['report.send'] }));
    await expect(args.onSend).toHaveBeenCalledWith({ reason: 'abuse', detail: '骂人' });
  },
};

export const Playground: Story = {};

export const Sent: Story = { args: { done: zh['report.sent'] } };

export const Failed: Story = { args: { problem: zh['report.title'] } };

export const English: Story = { args: { labels: labelsOf(en) }, globals: { locale: 'en' } };

export const Vietnamese: Story = { args: { labels: labelsOf(vi) }, globals: { locale: 'vi' } };
