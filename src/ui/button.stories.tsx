import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import en from '../i18n/messages/en.json';
import zh from '../i18n/messages/zh.json';
import { Button } from './button.tsx';

const meta = {
  title: 'ui/Button',
  component: Button,
  args: { children: zh['session.relogin'], onClick: fn() },
} satisfies Meta<typeof Button>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, args, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: zh['session.relogin'] }));
    await expect(args.onClick).toHaveBeenCalledTimes(1);
  },
};

export const Playground: Story = {
  args: { variant: 'primary', disabled: false, type: 'button' },
  argTypes: {
    variant: { control: 'inline-radio', options: ['primary', 'secondary'] },
    type: { control: 'inline-radio', options: ['button', 'submit'] },
    disabled: { control: 'boolean' },
    children: { control: 'text' },
  },
};

export const Primary: Story = {
  args: { variant: 'primary' },
  play: async ({ canvas, args, userEvent }) => {
    canvas.getByRole('button').focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard(' ');
    await expect(args.onClick).toHaveBeenCalledTimes(2);
  },
};

export const Disabled: Story = {
  args: { variant: 'primary', disabled: true },
  play: async ({ canvas, args, userEvent }) => {
    const button = canvas.getByRole('button');
    await expect(button).toBeDisabled();
    await userEvent.click(button);
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

export const LongLabel: Story = {
  args: { children: en['session.loggedOut'] },
};

export const Chinese: Story = {
  globals: { locale: 'zh' },
  args: { variant: 'primary', children: zh['session.relogin'] },
};

export const English: Story = {
  globals: { locale: 'en' },
  args: { variant: 'primary', children: en['session.relogin'] },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Re-Login' })).toBeVisible();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  render: (args) => (
    <div style={{ display: 'flex', gap: 12 }}>
      <Button {...args} variant="primary" />
      <Button {...args} variant="secondary" />
    </div>
  ),
};
