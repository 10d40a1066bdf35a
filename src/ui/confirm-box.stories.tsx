import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import en from '../i18n/messages/en.json';
import zh from '../i18n/messages/zh.json';
import { ConfirmBox } from './confirm-box.tsx';

const meta = {
  title: 'ui/ConfirmBox',
  component: ConfirmBox,
  args: {
    open: true,
    title: zh['session.loggedOutTitle'],
    message: zh['session.loggedOut'],
    confirmLabel: zh['session.relogin'],
    cancelLabel: zh['common.cancel'],
    onConfirm: fn(),
    onCancel: fn(),
  },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof ConfirmBox>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, args, userEvent }) => {
    const dialog = canvas.getByRole('dialog', { name: zh['session.loggedOutTitle'] });
    await expect(dialog).toHaveAttribute('aria-modal', 'true');
    await expect(dialog).toHaveAccessibleDescription(zh['session.loggedOut']);
    await expect(canvas.getByRole('button', { name: zh['session.relogin'] })).toHaveFocus();
    await userEvent.click(canvas.getByRole('button', { name: zh['session.relogin'] }));
    await expect(args.onConfirm).toHaveBeenCalledTimes(1);
    await expect(args.onCancel).not.toHaveBeenCalled();
  },
};

export const Playground: Story = {
  argTypes: {
    open: { control: 'boolean' },
    title: { control: 'text' },
    message: { control: 'text' },
    confirmLabel: { control: 'text' },
    cancelLabel: { control: 'text' },
  },
};

export const EscapeCancels: Story = {
  play: async ({ args, userEvent }) => {
    await userEvent.keyboard('{Escape}');
    await expect(args.onCancel).toHaveBeenCalledTimes(1);
    await expect(args.onConfirm).not.toHaveBeenCalled();
  },
};

export const CancelButton: Story = {
  play: async ({ canvas, args, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: zh['common.cancel'] }));
    await expect(args.onCancel).toHaveBeenCalledTimes(1);
  },
};

export const FocusStaysInside: Story = {
  decorators: [
    (Story) => (
      <>
        <button type="button">Outside before</button>
        <Story />
        <button type="button">Outside after</button>
      </>
    ),
  ],
  play: async ({ canvas, userEvent }) => {
    const dialog = canvas.getByRole('dialog');
    const cancel = canvas.getByRole('button', { name: zh['common.cancel'] });
    const confirm = canvas.getByRole('button', { name: zh['session.relogin'] });
    await userEvent.tab();
    await expect(cancel).toHaveFocus();
    await userEvent.tab();
    await expect(confirm).toHaveFocus();
    await userEvent.tab({ shift: true });
    await expect(cancel).toHaveFocus();
    await userEvent.tab({ shift: true });
    await expect(confirm).toHaveFocus();
    canvas.getByRole('button', { name: 'Outside before', hidden: true }).focus();
    await expect(dialog).toContainElement(document.activeElement instanceof HTMLElement ? document.activeElement : null);
  },
};

export const Closed: Story = {
  args: { open: false },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('dialog')).toBeNull();
  },
};

export const LongText: Story = {
  args: {
    title: en['session.loggedOutTitle'],
    message: `${en['session.loggedOut']} `.repeat(6),
    confirmLabel: en['session.relogin'],
    cancelLabel: en['common.cancel'],
  },
};

export const Chinese: Story = {
  globals: { locale: 'zh' },
};

export const English: Story = {
  globals: { locale: 'en' },
  args: {
    title: en['session.loggedOutTitle'],
    message: en['session.loggedOut'],
    confirmLabel: en['session.relogin'],
    cancelLabel: en['common.cancel'],
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('dialog', { name: 'Confirm logout' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Re-Login' })).toHaveFocus();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
};
