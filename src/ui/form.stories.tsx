import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn } from 'storybook/test';
import en from '../i18n/messages/en.json';
import zh from '../i18n/messages/zh.json';
import { Form, type FormProps } from './form.tsx';
import { TextInput } from './text-input.tsx';

/** A payment account form as the wallet has it: two fields whose text is held, as a real owner would. */
function AccountForm({ messages, ...props }: Omit<FormProps, 'children'> & { messages: typeof zh }) {
  const [name, setName] = useState('');
  const [account, setAccount] = useState('');
  return (
    <Form {...props}>
      <TextInput label={messages['wallet.realName']} value={name} onChange={setName} maxLength={30} />
      <TextInput label={messages['wallet.account']} value={account} onChange={setAccount} maxLength={64} />
    </Form>
  );
}

const meta = {
  title: 'ui/Form',
  component: AccountForm,
  args: { messages: zh, title: zh['wallet.payAccount'], submitLabel: zh['wallet.bindAccount'], onSubmit: fn() },
} satisfies Meta<typeof AccountForm>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The heading names the form; Enter in a field sends it like the button does. */
export const Default: Story = {
  play: async ({ canvas, args, userEvent }) => {
    const form = canvas.getByRole('form', { name: zh['wallet.payAccount'] });
    await expect(form).toHaveAttribute('novalidate');
    await userEvent.click(canvas.getByRole('button', { name: zh['wallet.bindAccount'] }));
    await userEvent.type(canvas.getByLabelText(zh['wallet.realName']), '张主播{Enter}');
    await expect(args.onSubmit).toHaveBeenCalledTimes(2);
  },
};

export const Playground: Story = {
  argTypes: { problem: { control: 'text' }, done: { control: 'text' }, busy: { control: 'boolean' }, title: { control: 'text' } },
};

/** What keeps it from being sent is an alert, read out at once (SPEC §5's text). */
export const WithProblem: Story = {
  args: { problem: zh['wallet.completeInfo'] },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(zh['wallet.completeInfo']);
  },
};

/** While the send is under way the button cannot be pressed again. */
export const Busy: Story = {
  args: { busy: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: zh['wallet.bindAccount'] })).toBeDisabled();
  },
};

export const English: Story = {
  globals: { locale: 'en' },
  args: { messages: en, title: en['wallet.payAccount'], submitLabel: en['wallet.bindAccount'], done: en['wallet.saved'] },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(en['wallet.saved']);
  },
};

/** Without a heading, where the form is the only one on its page. */
export const Untitled: Story = {
  args: { title: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('heading')).toBeNull();
  },
};
