import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, waitFor, within } from 'storybook/test';
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

type WalletSection = 'topup' | 'withdraw' | 'convert' | 'accounts' | 'orders' | 'mall';

/** The wallet's row of sections, opened on its last one, as `/member?type=1&section=mall` opens it. */
function WalletRow({ messages }: { messages: typeof zh }) {
  const [selected, setSelected] = useState<WalletSection>('mall');
  return (
    <Tabs
      label={messages['wallet.sections']}
      selected={selected}
      onSelect={setSelected}
      tabs={[
        { key: 'topup', label: messages['wallet.topUp'] },
        { key: 'withdraw', label: messages['wallet.withdraw'] },
        { key: 'convert', label: messages['wallet.convert'] },
        { key: 'accounts', label: messages['wallet.accounts'] },
        { key: 'orders', label: messages['wallet.orders'] },
        { key: 'mall', label: messages['wallet.mall'] },
      ]}
    >
      <p>{messages['common.noData']}</p>
    </Tabs>
  );
}

/** Whether the selected tab lies wholly inside its row's box and inside the viewport, neither cut nor hidden. */
function selectedTabInSight(canvasElement: HTMLElement): boolean {
  const list = within(canvasElement).getByRole('tablist').getBoundingClientRect();
  const tab = within(canvasElement).getByRole('tab', { selected: true }).getBoundingClientRect();
  const inRow = tab.left >= list.left - 0.5 && tab.right <= list.right + 0.5 && tab.top >= list.top - 0.5 && tab.bottom <= list.bottom + 0.5;
  const inViewport = tab.left >= -0.5 && tab.right <= window.innerWidth + 0.5 && tab.top >= -0.5 && tab.bottom <= window.innerHeight + 0.5;
  return tab.width > 0 && tab.height > 0 && inRow && inViewport;
}

/**
 * At a phone's width the row wraps onto more lines instead of being cut: opened on its last tab, that
 * tab is whole and in sight at once, nothing scrolls sideways, and the page itself does not move.
 */
export const PhoneOpenedOnLastTab: Story = {
  globals: { viewport: { value: 'phone' } },
  render: () => <WalletRow messages={zh} />,
  play: async ({ canvas, canvasElement, userEvent }) => {
    const list = canvas.getByRole('tablist');
    await expect(list.scrollWidth).toBeLessThanOrEqual(list.clientWidth);
    await expect(canvas.getByRole('tab', { selected: true })).toHaveAccessibleName(zh['wallet.mall']);
    await expect(selectedTabInSight(canvasElement)).toBe(true);
    await expect(window.scrollY).toBe(0);
    // Choosing again keeps the newly selected tab whole and in sight.
    await userEvent.keyboard('{Tab}{Home}');
    await expect(canvas.getByRole('tab', { selected: true })).toHaveAccessibleName(zh['wallet.topUp']);
    await waitFor(() => expect(selectedTabInSight(canvasElement)).toBe(true));
    await userEvent.keyboard('{End}');
    await expect(canvas.getByRole('tab', { selected: true })).toHaveAccessibleName(zh['wallet.mall']);
    await waitFor(() => expect(selectedTabInSight(canvasElement)).toBe(true));
    await expect(window.scrollY).toBe(0);
  },
};

/** The same in English, whose longer labels take more lines; the row still never scrolls sideways. */
export const PhoneOpenedOnLastTabEnglish: Story = {
  globals: { locale: 'en', viewport: { value: 'phone' } },
  render: () => <WalletRow messages={en} />,
  play: async ({ canvas, canvasElement }) => {
    const list = canvas.getByRole('tablist');
    await expect(list.scrollWidth).toBeLessThanOrEqual(list.clientWidth);
    await expect(canvas.getByRole('tab', { selected: true })).toHaveAccessibleName(en['wallet.mall']);
    await expect(selectedTabInSight(canvasElement)).toBe(true);
    await expect(window.scrollY).toBe(0);
  },
};
