import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn } from 'storybook/test';
import en from '../i18n/messages/en.json';
import zh from '../i18n/messages/zh.json';
import { TextInput, type TextInputProps } from './text-input.tsx';

/** Holds the text, as a real owner would, so typing shows. */
function Controlled(props: TextInputProps) {
  const [value, setValue] = useState(props.value);
  return (
    <TextInput
      {...props}
      value={value}
      onChange={(next) => {
        setValue(next);
        props.onChange(next);
      }}
    />
  );
}

const meta = {
  title: 'ui/TextInput',
  component: TextInput,
  render: (args) => <Controlled {...args} />,
  args: { label: zh['search.label'], value: '', onChange: fn(), placeholder: zh['search.placeholder'] },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 320 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof TextInput>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, args, userEvent }) => {
    await userEvent.type(canvas.getByLabelText(zh['search.label']), '曼城');
    await expect(args.onChange).toHaveBeenLastCalledWith('曼城');
  },
};

export const Playground: Story = {
  args: { maxLength: 10, showCounter: true },
  argTypes: {
    type: { control: 'inline-radio', options: ['text', 'search', 'tel', 'password', 'email', 'month'] },
    tone: { control: 'inline-radio', options: ['default', 'onDark'] },
    hideLabel: { control: 'boolean' },
    disabled: { control: 'boolean' },
    error: { control: 'text' },
  },
};

/** SPEC §5: the search input stops at 10 characters, and the counter says so. */
export const WithCounter: Story = {
  args: { maxLength: 10, showCounter: true },
  play: async ({ canvas, userEvent }) => {
    const field = canvas.getByLabelText(zh['search.label']);
    await userEvent.type(field, '皇家马德里对巴塞罗那国家德比');
    await expect(field).toHaveValue('皇家马德里对巴塞罗那');
    await expect(canvas.getByText('10/10')).toBeVisible();
    await expect(field).toHaveAccessibleDescription('10/10');
  },
};

export const WithError: Story = {
  globals: { locale: 'en' },
  args: { label: 'Mobile', type: 'tel', value: '138', maxLength: 11, error: en['error.generic'] },
  play: async ({ canvas }) => {
    const field = canvas.getByLabelText('Mobile');
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription('Error');
  },
};

export const HiddenLabel: Story = {
  args: { hideLabel: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: zh['search.label'] })).toBeVisible();
  },
};

export const OnDark: Story = {
  args: { tone: 'onDark', hideLabel: true, type: 'search', maxLength: 10, showCounter: true, value: '欧冠' },
  decorators: [
    (Story) => (
      <div style={{ background: 'var(--ps-topbar-bg)', padding: 12 }}>
        <Story />
      </div>
    ),
  ],
};

export const Disabled: Story = {
  args: { disabled: true, value: '86-13800000001' },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText(zh['search.label'])).toBeDisabled();
  },
};

export const Chinese: Story = {
  globals: { locale: 'zh' },
};

export const English: Story = {
  globals: { locale: 'en' },
  args: { label: en['search.label'], placeholder: en['search.placeholder'] },
  play: async ({ canvas }) => {
    await expect(canvas.getByPlaceholderText('Matches, streamers')).toBeVisible();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  args: { maxLength: 10, showCounter: true, value: '湖人' },
};
