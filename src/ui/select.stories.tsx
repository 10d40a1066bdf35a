import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn } from 'storybook/test';
import en from '../i18n/messages/en.json';
import zh from '../i18n/messages/zh.json';
import { Select, type SelectProps } from './select.tsx';

type Sport = 'football' | 'basketball' | 'esports';

const zhOptions = [
  { value: 'football', label: zh['nav.football'] },
  { value: 'basketball', label: zh['nav.basketball'] },
  { value: 'esports', label: zh['nav.esports'] },
] as const;

const enOptions = [
  { value: 'football', label: en['nav.football'] },
  { value: 'basketball', label: en['nav.basketball'] },
  { value: 'esports', label: en['nav.esports'] },
] as const;

function Controlled(props: SelectProps<Sport>) {
  const [value, setValue] = useState(props.value);
  return (
    <Select
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
  title: 'ui/Select',
  component: Select<Sport>,
  render: (args) => <Controlled {...args} />,
  args: { label: zh['nav.scores'], value: 'football', options: zhOptions, onChange: fn() },
} satisfies Meta<typeof Select<Sport>>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, args, userEvent }) => {
    const select = canvas.getByLabelText(zh['nav.scores']);
    await userEvent.selectOptions(select, zh['nav.basketball']);
    await expect(args.onChange).toHaveBeenCalledWith('basketball');
    await expect(select).toHaveValue('basketball');
  },
};

export const Playground: Story = {
  argTypes: {
    value: { control: 'inline-radio', options: ['football', 'basketball', 'esports'] },
    hideLabel: { control: 'boolean' },
    disabled: { control: 'boolean' },
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText(zh['nav.scores'])).toBeDisabled();
  },
};

export const Chinese: Story = {
  globals: { locale: 'zh' },
};

export const English: Story = {
  globals: { locale: 'en' },
  args: { label: en['nav.scores'], options: enOptions, value: 'esports' },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('Scores')).toHaveDisplayValue('E-sports');
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
};
