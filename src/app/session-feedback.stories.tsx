import type { Meta, StoryObj } from '@storybook/react-vite';
import { useActorRef } from '@xstate/react';
import { useEffect } from 'react';
import { expect, fn, waitFor } from 'storybook/test';
import { SimulatedClock } from 'xstate';
import { sessionMachine, type SessionEvent } from '../machines/session-machine.ts';
import { SessionFeedback } from './session-feedback.tsx';

interface SessionHarnessProps {
  /** Events sent to a fresh session machine when the story starts, as the client would send them. */
  events: SessionEvent[];
  /** Stub of the machine's clearUser action. */
  clearUser: () => void;
  /** Stub of the machine's resetTokenAndReload action. */
  resetTokenAndReload: () => void;
}

// The simulated clock never advances, so a toast stays on screen for as long as the story is looked at.
function SessionHarness({ events, clearUser, resetTokenAndReload }: SessionHarnessProps) {
  const session = useActorRef(sessionMachine.provide({ actions: { clearUser, resetTokenAndReload } }), {
    clock: new SimulatedClock(),
  });
  useEffect(() => {
    for (const event of events) session.send(event);
  }, [session, events]);
  return <SessionFeedback session={session} />;
}

const meta = {
  title: 'app/SessionFeedback',
  component: SessionHarness,
  args: { events: [], clearUser: fn(), resetTokenAndReload: fn() },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof SessionHarness>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('alert')).toBeNull();
    await expect(canvas.queryByRole('status')).toBeNull();
    await expect(canvas.queryByRole('dialog')).toBeNull();
  },
};

export const ServerError: Story = {
  args: { events: [{ type: 'response.failed', code: 1, msg: '手机号不能为空' }] },
  play: async ({ canvas, userEvent }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent('手机号不能为空');
    await expect(canvas.queryByRole('dialog')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(canvas.queryByRole('alert')).toBeNull());
  },
};

export const GenericError: Story = {
  globals: { locale: 'en' },
  args: { events: [{ type: 'response.failed', code: 1, msg: '' }] },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Error');
  },
};

export const LoginFirst: Story = {
  args: {
    events: [
      { type: 'response.failed', code: 700, msg: '' },
      { type: 'response.failed', code: 700, msg: '' },
    ],
  },
  play: async ({ canvas, args }) => {
    await expect(await canvas.findByRole('status')).toHaveTextContent('请登录后操作');
    await expect(args.clearUser).toHaveBeenCalledTimes(1);
  },
};

export const LoggedOut: Story = {
  args: { events: [{ type: 'response.failed', code: 50012, msg: '您的账号已在别处登录' }] },
  play: async ({ canvas, args, userEvent }) => {
    const dialog = await canvas.findByRole('dialog', { name: '确定登出' });
    await expect(canvas.getByRole('alert')).toHaveTextContent('您的账号已在别处登录');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    await expect(args.resetTokenAndReload).not.toHaveBeenCalled();
    await expect(canvas.getByRole('alert')).toBeVisible();
  },
};

export const Relogin: Story = {
  globals: { locale: 'en' },
  args: { events: [{ type: 'response.failed', code: 50014, msg: 'Token expired' }] },
  play: async ({ canvas, args, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Re-Login' }));
    await expect(args.resetTokenAndReload).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(canvas.queryByRole('dialog')).toBeNull());
  },
};

export const Chinese: Story = {
  globals: { locale: 'zh' },
  args: { events: [{ type: 'response.failed', code: 50008, msg: '非法令牌' }] },
};

export const English: Story = {
  globals: { locale: 'en' },
  args: { events: [{ type: 'response.failed', code: 50008, msg: 'Illegal token' }] },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('dialog', { name: 'Confirm logout' })).toBeVisible();
  },
};
