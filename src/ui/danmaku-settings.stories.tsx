import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn } from 'storybook/test';
import en from '../i18n/messages/en.json';
import zh from '../i18n/messages/zh.json';
import { defaultDanmakuSettings, type DanmakuSettings } from '../machines/danmaku-lane-machine.ts';
import { DanmakuSettingsControl, type DanmakuSettingsControlProps, type DanmakuSettingsLabels } from './danmaku-settings.tsx';

function labelsOf(messages: typeof zh): DanmakuSettingsLabels {
  return {
    danmaku: messages['danmaku.show'],
    hide: messages['danmaku.hide'],
    show: messages['danmaku.showOn'],
    settings: messages['danmaku.settings'],
    showLabel: messages['danmaku.showLabel'],
    area: messages['danmaku.area'],
    areas: { 1: messages['danmaku.area.1'], 2: messages['danmaku.area.2'], 3: messages['danmaku.area.3'] },
    size: messages['danmaku.size'],
    sizes: { 1: messages['danmaku.size.1'], 2: messages['danmaku.size.2'], 3: messages['danmaku.size.3'] },
    opacity: messages['danmaku.opacity'],
  };
}

/** The control holding its settings, as the room's player does through `gameSeting`. */
function Held(props: DanmakuSettingsControlProps) {
  const [settings, setSettings] = useState<DanmakuSettings>(props.settings);
  return (
    <div style={{ position: 'relative', display: 'flex', justifyContent: 'flex-end', alignItems: 'flex-end', height: 300, maxWidth: 480, padding: 8, background: '#12161f' }}>
      <DanmakuSettingsControl
        {...props}
        settings={settings}
        onChange={(next) => {
          setSettings(next);
          props.onChange(next);
        }}
      />
    </div>
  );
}

const meta = {
  title: 'ui/DanmakuSettingsControl',
  component: Held,
  args: { settings: defaultDanmakuSettings, labels: labelsOf(zh), onChange: fn() },
} satisfies Meta<typeof Held>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, args, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: zh['danmaku.hide'] }));
    await expect(args.onChange).toHaveBeenLastCalledWith({ ...defaultDanmakuSettings, show: false });
    await expect(canvas.getByRole('button', { name: zh['danmaku.showOn'] })).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(canvas.getByRole('button', { name: zh['danmaku.showOn'] }));
    await expect(args.onChange).toHaveBeenLastCalledWith(defaultDanmakuSettings);
  },
};

export const Playground: Story = { args: { defaultOpen: true } };

export const Open: Story = {
  args: { defaultOpen: true },
  play: async ({ canvas, args, userEvent }) => {
    const panel = canvas.getByRole('group', { name: zh['danmaku.settings'] });
    await expect(panel).toBeVisible();
    await expect(canvas.getByRole('radio', { name: zh['danmaku.area.3'] })).toBeChecked();
    await expect(canvas.getByRole('radio', { name: zh['danmaku.size.2'] })).toBeChecked();
    await userEvent.click(canvas.getByText(zh['danmaku.area.1']));
    await expect(args.onChange).toHaveBeenLastCalledWith({ ...defaultDanmakuSettings, area: 1 });
    await userEvent.click(canvas.getByText(zh['danmaku.size.3']));
    await expect(args.onChange).toHaveBeenLastCalledWith({ ...defaultDanmakuSettings, area: 1, size: 3 });
    await expect(canvas.getByRole('radio', { name: zh['danmaku.size.3'] })).toBeChecked();
  },
};

export const English: Story = {
  args: { defaultOpen: true, labels: labelsOf(en), settings: { show: false, area: 2, size: 1, opacity: 60 } },
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByRole('checkbox', { name: en['danmaku.showLabel'] })).not.toBeChecked();
    const slider = canvas.getByRole('slider', { name: en['danmaku.opacity'] });
    await expect(slider).toHaveValue('60');
    slider.focus();
    await userEvent.keyboard('{Escape}');
    await expect(canvas.queryByRole('group')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: en['danmaku.settings'] }));
    await expect(canvas.getByRole('group', { name: en['danmaku.settings'] })).toBeVisible();
  },
};
