import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn } from 'storybook/test';
import en from '../../i18n/messages/en.json';
import zh from '../../i18n/messages/zh.json';
import { defaultGoalPopupSettings } from '../../machines/goal-popup-queue-machine.ts';
import { GameSettingsPanel, type GameSettingsPanelProps } from './game-settings-panel.tsx';

/** The panel holding its settings, as the score list does through `gameSeting`. */
function Stateful(props: GameSettingsPanelProps) {
  const [settings, setSettings] = useState(props.settings);
  return (
    <GameSettingsPanel
      {...props}
      settings={settings}
      onChange={(next) => {
        setSettings(next);
        props.onChange(next);
      }}
    />
  );
}

const meta = {
  title: 'scores/GameSettingsPanel',
  component: GameSettingsPanel,
  args: { settings: defaultGoalPopupSettings, onChange: fn(), onTestSound: fn() },
  render: (args) => <Stateful {...args} />,
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 640 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof GameSettingsPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

/** SPEC §3's defaults: goal, red and yellow pop-ups on, the sound off. */
export const Default: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('switch', { name: zh['gameSettings.red'] })).toBeChecked();
    await expect(canvas.getByRole('switch', { name: zh['gameSettings.yellow'] })).toBeChecked();
    await expect(canvas.getByRole('switch', { name: zh['gameSettings.voice'] })).not.toBeChecked();
    await userEvent.click(canvas.getByRole('switch', { name: zh['gameSettings.voice'] }));
    await expect(args.onChange).toHaveBeenLastCalledWith({ ...defaultGoalPopupSettings, voice: true });
    await userEvent.click(canvas.getByRole('button', { name: zh['gameSettings.testSound'] }));
    await expect(args.onTestSound).toHaveBeenCalledOnce();
  },
};

export const Playground: Story = {};

/** Two leagues muted from their pop-ups; a click unmutes one. */
export const MutedLeagues: Story = {
  args: { settings: { ...defaultGoalPopupSettings, voice: true, red: false, mutedLeagues: ['英超', '西甲'] } },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: '取消屏蔽英超' }));
    await expect(args.onChange).toHaveBeenLastCalledWith(expect.objectContaining({ mutedLeagues: ['西甲'] }));
    await expect(canvas.queryByRole('button', { name: '取消屏蔽英超' })).toBeNull();
  },
};

/** Pop-ups for followed matches by default; a followed team can be let go, and every match chosen. */
export const FollowedTeams: Story = {
  args: { settings: { ...defaultGoalPopupSettings, followedTeams: [{ zh: '阿森纳', en: 'Arsenal' }, { zh: '切尔西', en: 'Chelsea' }] } },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('radio', { name: zh['gameSettings.scope.followed'] })).toBeChecked();
    await userEvent.click(canvas.getByRole('button', { name: '取消关注阿森纳' }));
    await expect(args.onChange).toHaveBeenLastCalledWith(expect.objectContaining({ followedTeams: [{ zh: '切尔西', en: 'Chelsea' }] }));
    await userEvent.click(canvas.getByRole('radio', { name: zh['gameSettings.scope.all'] }));
    await expect(args.onChange).toHaveBeenLastCalledWith(expect.objectContaining({ scope: 'all' }));
  },
};

export const English: Story = {
  globals: { locale: 'en' },
  args: { settings: { ...defaultGoalPopupSettings, mutedLeagues: ['英超'], followedTeams: [{ zh: '阿森纳', en: 'Arsenal' }] } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Unfollow Arsenal' })).toBeVisible();
    await expect(canvas.getByRole('radio', { name: en['gameSettings.scope.followed'] })).toBeChecked();
    await expect(canvas.getByRole('group', { name: en['gameSettings.title'] })).toBeVisible();
    await expect(canvas.getByRole('switch', { name: en['gameSettings.voice'] })).not.toBeChecked();
    await expect(canvas.getByRole('button', { name: en['gameSettings.testSound'] })).toBeVisible();
  },
};

export const Phone: Story = {
  globals: { viewport: { value: 'phone' } },
};
