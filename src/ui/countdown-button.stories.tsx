import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useState } from 'react';
import { expect, fn, waitFor } from 'storybook/test';
import { CountdownButton, type CountdownButtonProps } from './countdown-button.tsx';

/** Counts down once a second after a press, as the SMS machine will (its clock is simulated in tests). */
function Counting({ seconds, ...props }: CountdownButtonProps & { seconds: number }) {
  const [remaining, setRemaining] = useState<number | null>(props.remainingSeconds);
  useEffect(() => {
    if (!remaining) return;
    const timer = setTimeout(() => setRemaining(remaining - 1), 1000);
    return () => clearTimeout(timer);
  }, [remaining]);
  return (
    <CountdownButton
      {...props}
      remainingSeconds={remaining}
      onClick={() => {
        props.onClick();
        setRemaining(seconds);
      }}
    />
  );
}

const meta = {
  title: 'ui/CountdownButton',
  component: CountdownButton,
  args: {
    label: '获取验证码',
    remainingSeconds: null,
    countingLabel: (seconds: number) => `${String(seconds)} 秒后重发`,
    onClick: fn(),
  },
} satisfies Meta<typeof CountdownButton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, args, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: '获取验证码' }));
    await expect(args.onClick).toHaveBeenCalledTimes(1);
  },
};

export const Playground: Story = {
  argTypes: {
    remainingSeconds: { control: { type: 'number', min: 0, max: 60 } },
    disabled: { control: 'boolean' },
    label: { control: 'text' },
  },
};

/** SPEC §4: after a request the button shows the countdown and cannot be pressed until it ends. */
export const Counting60: Story = {
  args: { remainingSeconds: 60 },
  play: async ({ canvas, args, userEvent }) => {
    const button = canvas.getByRole('button', { name: '60 秒后重发' });
    await expect(button).toBeDisabled();
    await userEvent.click(button);
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

export const PressStartsCountdown: Story = {
  render: (args) => <Counting {...args} seconds={2} />,
  parameters: { screenshot: false },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: '获取验证码' }));
    await expect(canvas.getByRole('button', { name: '2 秒后重发' })).toBeDisabled();
    await waitFor(() => expect(canvas.getByRole('button', { name: '获取验证码' })).toBeEnabled(), { timeout: 4000 });
  },
};

export const DisabledBeforeMobile: Story = {
  args: { disabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button')).toBeDisabled();
  },
};

export const Chinese: Story = {
  globals: { locale: 'zh' },
  args: { remainingSeconds: 42 },
};

export const English: Story = {
  globals: { locale: 'en' },
  args: { label: 'Get code', remainingSeconds: 9, countingLabel: (seconds: number) => `Resend in ${String(seconds)} s` },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Resend in 9 s' })).toBeDisabled();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
};
