import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn } from 'storybook/test';
import en from '../i18n/messages/en.json';
import zh from '../i18n/messages/zh.json';
import { Tabs, type TabsProps } from './tabs.tsx';

type Kind = 'all' | 'football' | 'basketball' | 'esports';

const tabsIn = (messages: typeof zh) =>
  [
    { key: 'all', label: messages['nav.streamers'] },
    { key: 'football', label: messages['nav.football'] },
    { key: 'basketball', label: messages['nav.basketball'] },
    { key: 'esports', label: messages['nav.esports'] },
  ] as const;

function Controlled(props: TabsProps<Kind>) {
  const [selected, setSelected] = useState(props.selected);
  return (
    <Tabs
      {...props}
      selected={selected}
      onSelect={(key) => {
        setSelected(key);
        props.onSelect(key);
      }}
    >
      {props.children ?? <p>{tabsIn(zh).find((tab) => tab.key === selected)?.label}</p>}
    </Tabs>
  );
}

const meta = {
  title: 'ui/Tabs',
  component: Tabs<Kind>,
  render: (args) => <Controlled {...args} />,
  args: { label: zh['route.anchor'], tabs: tabsIn(zh), selected: 'all', onSelect: fn() },
} satisfies Meta<typeof Tabs<Kind>>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, args, userEvent }) => {
    await userEvent.click(canvas.getByRole('tab', { name: zh['nav.basketball'] }));
    await expect(args.onSelect).toHaveBeenCalledWith('basketball');
    await expect(canvas.getByRole('tab', { name: zh['nav.basketball'] })).toHaveAttribute('aria-selected', 'true');
    await expect(canvas.getByRole('tabpanel')).toHaveAccessibleName(zh['nav.basketball']);
  },
};

export const Playground: Story = {
  argTypes: { selected: { control: 'inline-radio', options: ['all', 'football', 'basketball', 'esports'] } },
};

/** One tab stop; arrow keys move and select, wrapping; Home and End jump. */
export const Keyboard: Story = {
  play: async ({ canvas, args, userEvent }) => {
    await userEvent.tab();
    await expect(canvas.getByRole('tab', { name: zh['nav.streamers'] })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('tab', { name: zh['nav.football'] })).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    await expect(canvas.getByRole('tab', { name: zh['nav.esports'] })).toHaveFocus();
    await userEvent.keyboard('{Home}');
    await expect(args.onSelect).toHaveBeenLastCalledWith('all');
    await userEvent.keyboard('{End}');
    await expect(canvas.getByRole('tab', { name: zh['nav.esports'] })).toHaveAttribute('aria-selected', 'true');
    await expect(canvas.getAllByRole('tab').filter((tab) => tab.tabIndex === 0)).toHaveLength(1);
  },
};

export const Chinese: Story = {
  globals: { locale: 'zh' },
  args: { selected: 'football' },
};

export const English: Story = {
  globals: { locale: 'en' },
  args: { label: en['route.anchor'], tabs: tabsIn(en), selected: 'esports', children: <p>{en['common.noData']}</p> },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('tab', { name: 'E-sports' })).toHaveAttribute('aria-selected', 'true');
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
};
