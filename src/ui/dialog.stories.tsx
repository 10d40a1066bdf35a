import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import en from '../i18n/messages/en.json';
import zh from '../i18n/messages/zh.json';
import { Button } from './button.tsx';
import { Dialog } from './dialog.tsx';
import { TextInput } from './text-input.tsx';

const meta = {
  title: 'ui/Dialog',
  component: Dialog,
  args: {
    open: true,
    title: zh['route.login'],
    onClose: fn(),
    closeLabel: zh['common.close'],
    width: 500,
    children: <p>{zh['common.notBuilt']}</p>,
  },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof Dialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, args, userEvent }) => {
    const dialog = canvas.getByRole('dialog', { name: zh['route.login'] });
    await expect(dialog).toHaveAttribute('aria-modal', 'true');
    await expect(canvas.getByRole('button', { name: zh['common.close'] })).toHaveFocus();
    await userEvent.click(canvas.getByRole('button', { name: zh['common.close'] }));
    await expect(args.onClose).toHaveBeenCalledTimes(1);
  },
};

export const Playground: Story = {
  argTypes: {
    open: { control: 'boolean' },
    title: { control: 'text' },
    description: { control: 'text' },
    closeLabel: { control: 'text' },
    width: { control: { type: 'range', min: 280, max: 800, step: 20 } },
  },
};

export const EscapeCloses: Story = {
  play: async ({ args, userEvent }) => {
    await userEvent.keyboard('{Escape}');
    await expect(args.onClose).toHaveBeenCalledTimes(1);
  },
};

/** Tab and Shift+Tab go round inside; focus sent outside comes back. */
export const FocusTrapped: Story = {
  args: {
    title: en['route.login'],
    closeLabel: en['common.close'],
    children: <TextInput label="Mobile" value="" onChange={() => {}} />,
    footer: <Button variant="primary">{en['route.login']}</Button>,
  },
  globals: { locale: 'en' },
  decorators: [
    (Story) => (
      <>
        <button type="button">Outside</button>
        <Story />
      </>
    ),
  ],
  play: async ({ canvas, userEvent }) => {
    const close = canvas.getByRole('button', { name: 'Close' });
    const field = canvas.getByLabelText('Mobile');
    const submit = canvas.getByRole('button', { name: 'Log in' });
    await expect(close).toHaveFocus();
    await userEvent.tab();
    await expect(field).toHaveFocus();
    await userEvent.tab();
    await expect(submit).toHaveFocus();
    await userEvent.tab();
    await expect(close).toHaveFocus();
    await userEvent.tab({ shift: true });
    await expect(submit).toHaveFocus();
    canvas.getByRole('button', { name: 'Outside', hidden: true }).focus();
    await waitFor(() => expect(close).toHaveFocus());
  },
};

export const WithDescriptionAndFooter: Story = {
  args: {
    title: zh['session.loggedOutTitle'],
    description: zh['session.loggedOut'],
    closeLabel: undefined,
    children: undefined,
    width: 420,
    footer: (
      <>
        <Button>{zh['common.cancel']}</Button>
        <Button variant="primary">{zh['session.relogin']}</Button>
      </>
    ),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('dialog')).toHaveAccessibleDescription(zh['session.loggedOut']);
  },
};

export const LongContent: Story = {
  args: { children: <p>{`${en['session.loggedOut']} `.repeat(40)}</p> },
};

export const Closed: Story = {
  args: { open: false },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('dialog')).toBeNull();
  },
};

export const Chinese: Story = {
  globals: { locale: 'zh' },
};

export const English: Story = {
  globals: { locale: 'en' },
  args: { title: en['route.login'], closeLabel: en['common.close'], children: <p>{en['common.notBuilt']}</p> },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('dialog', { name: 'Log in' })).toBeVisible();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
};
