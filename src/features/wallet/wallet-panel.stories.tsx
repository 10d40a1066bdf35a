import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { StoryApiProviders } from '../../api/story-api.tsx';
import en from '../../i18n/messages/en.json';
import zh from '../../i18n/messages/zh.json';
import type { WalletSection } from '../../routes.ts';
import { WalletPanel } from './wallet-panel.tsx';
import { asStoryAnchor, StoryHumanCheck, walletFetch, type WalletServer } from './wallet-story-api.tsx';

// /member?type=1: the wallet of an anchor with income, on a fake server that keeps what is sent.
// The mall is the tasks area's and has stories of its own; the human check is the account area's,
// so a checkbox stands in for it here.

interface WalletStory extends WalletServer {
  recharge: boolean;
  section?: WalletSection;
}

const meta = {
  title: 'wallet/WalletPanel',
  args: { recharge: false, onChange: fn() },
  beforeEach: asStoryAnchor,
  globals: { viewport: { value: 'laptop' } },
  render: ({ recharge, section, ...server }) => (
    <StoryApiProviders fetch={walletFetch(server)}>
      <WalletPanel recharge={recharge} section={section} mall={null} HumanCheck={StoryHumanCheck} />
    </StoryApiProviders>
  ),
} satisfies Meta<WalletStory>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = within(document.body);

/** Once a send has gone through: the button is pressable again and neither hovered nor focused, so the screenshot does not catch it halfway. */
async function settle(button: HTMLElement) {
  await waitFor(() => expect(button).toBeEnabled());
  await userEvent.unhover(button);
  button.blur();
}

/** Both wallets and the coins, the withdrawal form and the records with their review statuses. */
export const Default: Story = {
  args: { section: 'withdraw' },
  play: async ({ canvas, args, userEvent }) => {
    await expect(await canvas.findByTestId('wallet-income')).toHaveTextContent('3560');
    await expect(canvas.getByTestId('wallet-consumer')).toHaveTextContent('1288.5');
    await expect(await canvas.findByText('持卡人姓名与实名不符', { exact: false })).toBeVisible();
    await userEvent.type(canvas.getByLabelText(zh['wallet.amount']), '200');
    await userEvent.type(canvas.getByLabelText(zh['wallet.paymentPassword']), '258025');
    const apply = canvas.getByRole('button', { name: zh['wallet.applyWithdrawal'] });
    await userEvent.click(apply);
    await expect(await canvas.findByText(zh['wallet.withdrawalApplied'])).toBeVisible();
    await settle(apply);
    await expect(args.onChange).toHaveBeenCalledWith(
      '/api/Balance/applyForWithdrawal',
      expect.objectContaining({ amount: '200', account_type: 'bank_card', payment_password: '258025' }),
    );
    await expect(canvas.getByLabelText(zh['wallet.amount'])).toHaveValue('');
  },
};

/** SPEC §5's texts, one after another: no amount, more than the income, a password of too few digits. Nothing is sent. */
export const WithdrawProblems: Story = {
  args: { section: 'withdraw' },
  globals: { locale: 'en' },
  play: async ({ canvas, args, userEvent }) => {
    const apply = await canvas.findByRole('button', { name: en['wallet.applyWithdrawal'] });
    await userEvent.click(apply);
    await expect(canvas.getByRole('alert')).toHaveTextContent('Please enter the transfer amount');
    await userEvent.type(canvas.getByLabelText(en['wallet.amount']), '3560.1');
    await userEvent.click(apply);
    await expect(canvas.getByRole('alert')).toHaveTextContent(en['wallet.notEnoughIncome']);
    await userEvent.clear(canvas.getByLabelText(en['wallet.amount']));
    await userEvent.type(canvas.getByLabelText(en['wallet.amount']), '0.5');
    await userEvent.type(canvas.getByLabelText(en['wallet.paymentPassword']), '25802');
    await userEvent.click(apply);
    await expect(canvas.getByRole('alert')).toHaveTextContent(en['wallet.paymentPasswordRule']);
    await expect(args.onChange).not.toHaveBeenCalled();
  },
};

/** At a phone's width the balances stack and the figures keep their fixed width. */
export const Phone: Story = {
  args: { section: 'withdraw' },
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByTestId('wallet-income')).toHaveTextContent('3560');
    await expect(await canvas.findByText('持卡人姓名与实名不符', { exact: false })).toBeVisible();
  },
};

/** SPEC §2: /member?type=1&isRecharge=true opens on top-up; an order gives its checkout link. */
export const TopUp: Story = {
  args: { recharge: true },
  play: async ({ canvas, args, userEvent }) => {
    await userEvent.click(await canvas.findByRole('radio', { name: /312/ }));
    const create = canvas.getByRole('button', { name: zh['wallet.createOrder'] });
    await userEvent.click(create);
    const checkout = await canvas.findByRole('link', { name: /R20261125001/ });
    await expect(checkout).toHaveAttribute('href', '/checkout/R20261125001');
    await settle(create);
    // The hint speaks of the page that opened: none has until the link is followed (here without leaving the story).
    await expect(canvas.queryByText(zh['wallet.payHint'])).toBeNull();
    checkout.addEventListener('click', (event) => event.preventDefault(), { once: true });
    await userEvent.click(checkout);
    await expect(canvas.getByText(zh['wallet.payHint'])).toBeVisible();
    await expect(args.onChange).toHaveBeenCalledWith('/api/chargerules/payUrl', { rule_id: '2', channel_id: '1' });
  },
};

/** Asks with no amount (SPEC §5's text), then for 100; resolves to the confirm dialog. */
async function askToConvert(canvas: ReturnType<typeof within>, messages: typeof zh) {
  const convert = await canvas.findByRole('button', { name: messages['wallet.convert'] });
  await userEvent.click(convert);
  await expect(canvas.getByRole('alert')).toHaveTextContent(messages['wallet.enterAmount']);
  await userEvent.type(canvas.getByLabelText(messages['wallet.amount']), '100');
  await userEvent.click(convert);
  return body.findByRole('dialog', { name: messages['wallet.convertConfirmTitle'] });
}

/** SPEC §5: the conversion is irreversible, so a dialog says so before anything moves. */
export const ConvertConfirm: Story = {
  args: { section: 'convert' },
  play: async ({ canvas, args }) => {
    const dialog = await askToConvert(canvas, zh);
    await expect(dialog).toHaveAccessibleDescription(zh['wallet.convertConfirm'].replace('{amount}', '100'));
    await expect(within(dialog).getByRole('button', { name: zh['wallet.convertConfirmYes'] })).toHaveFocus();
    await expect(args.onChange).not.toHaveBeenCalled();
  },
};

/** The dialog in English at a phone's width. */
export const ConvertConfirmPhone: Story = {
  args: { section: 'convert' },
  globals: { locale: 'en', viewport: { value: 'phone' } },
  play: async ({ canvas }) => {
    const dialog = await askToConvert(canvas, en);
    await expect(within(dialog).getByText(/cannot be undone/)).toBeVisible();
  },
};

/** Confirmed: the income goes down and the diamonds up by the same amount, once. */
export const Converted: Story = {
  args: { section: 'convert' },
  play: async ({ canvas, args, userEvent }) => {
    const dialog = await askToConvert(canvas, zh);
    await userEvent.click(within(dialog).getByRole('button', { name: zh['wallet.convertConfirmYes'] }));
    await expect(await canvas.findByText(zh['wallet.converted'])).toBeVisible();
    await waitFor(() => expect(canvas.getByTestId('wallet-income')).toHaveTextContent('3460'));
    await expect(canvas.getByTestId('wallet-consumer')).toHaveTextContent('1388.5');
    await expect(args.onChange).toHaveBeenCalledTimes(1);
  },
};

/** The server refuses: its reason shows, with a retry that reuses the confirmation. */
export const ConversionRefused: Story = {
  args: { section: 'convert', conversionRefusal: '收益钱包余额不足' },
  play: async ({ canvas, args, userEvent }) => {
    const dialog = await askToConvert(canvas, zh);
    await userEvent.click(within(dialog).getByRole('button', { name: zh['wallet.convertConfirmYes'] }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(/^收益钱包余额不足$/);
    await expect(canvas.getByRole('button', { name: zh['wallet.retry'] })).toBeVisible();
    await expect(canvas.getByTestId('wallet-income')).toHaveTextContent('3560');
    await expect(args.onChange).toHaveBeenCalledTimes(1);
  },
};

/** SPEC §5 on the accounts tab: a payment password of too few digits, two that differ, a card number that fails Luhn. */
export const AccountProblems: Story = {
  args: { section: 'accounts' },
  play: async ({ canvas, args, userEvent }) => {
    const password = await canvas.findByRole('form', { name: zh['wallet.paymentPassword'] });
    await userEvent.type(within(password).getByLabelText(zh['wallet.newPaymentPassword']), '12345');
    await userEvent.click(within(password).getByRole('button', { name: zh['wallet.save'] }));
    await expect(within(password).getByRole('alert')).toHaveTextContent(zh['wallet.paymentPasswordRule']);
    await userEvent.type(within(password).getByLabelText(zh['wallet.newPaymentPassword']), '6');
    await userEvent.type(within(password).getByLabelText(zh['wallet.confirmPaymentPassword']), '123465');
    await userEvent.click(within(password).getByRole('button', { name: zh['wallet.save'] }));
    await expect(within(password).getByRole('alert')).toHaveTextContent(zh['wallet.passwordsDiffer']);

    const card = canvas.getByRole('form', { name: zh['wallet.bankCard'] });
    await expect(within(card).getByTestId('bound-card')).toHaveTextContent('招商银行 **** **** **** 7894 · 张*');
    await userEvent.type(within(card).getByLabelText(zh['wallet.realName']), '张主播');
    await userEvent.type(within(card).getByLabelText(zh['wallet.cardNumber']), '6222 0212 3456 7895');
    await userEvent.type(within(card).getByLabelText(zh['wallet.bankName']), '招商银行');
    await userEvent.type(within(card).getByLabelText(zh['wallet.branch']), '深圳分行');
    await userEvent.type(within(card).getByLabelText(zh['wallet.paymentPassword']), '258025');
    await userEvent.click(within(card).getByRole('button', { name: zh['wallet.bindCard'] }));
    await expect(within(card).getByRole('alert')).toHaveTextContent(zh['wallet.badCard']);
    await expect(args.onChange).not.toHaveBeenCalled();
  },
};

/** No card yet: one bound in English shows masked at once. */
export const BindCard: Story = {
  args: { section: 'accounts', card: null },
  globals: { locale: 'en' },
  play: async ({ canvas, args, userEvent }) => {
    const card = await canvas.findByRole('form', { name: en['wallet.bankCard'] });
    await expect(within(card).getByText(en['wallet.noCard'])).toBeVisible();
    await userEvent.type(within(card).getByLabelText(en['wallet.realName']), 'Zhang Wei');
    await userEvent.type(within(card).getByLabelText(en['wallet.cardNumber']), '6222 0212 3456 7894');
    await userEvent.type(within(card).getByLabelText(en['wallet.bankName']), 'China Merchants Bank');
    await userEvent.type(within(card).getByLabelText(en['wallet.branch']), 'Shenzhen');
    await userEvent.type(within(card).getByLabelText(en['wallet.paymentPassword']), '258025');
    const bind = within(card).getByRole('button', { name: en['wallet.bindCard'] });
    await userEvent.click(bind);
    await expect(await within(card).findByTestId('bound-card')).toHaveTextContent('**** **** **** 7894');
    await settle(bind);
    await expect(args.onChange).toHaveBeenCalledWith('/api/Bank_card/bind', expect.objectContaining({ card_number: '6222021234567894' }));
    await expect(within(card).getByLabelText(en['wallet.cardNumber'])).toHaveValue('');
  },
};

/** Every movement of money, credits green and debits red, in fixed-width figures. */
export const Orders: Story = {
  args: { section: 'orders' },
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('table', { name: zh['wallet.orders'] });
    await expect(within(table).getByText('+49.5')).toBeVisible();
    await expect(within(table).getByText('-500')).toBeVisible();
    await expect(within(table).getAllByText('礼物收入')).toHaveLength(1);
  },
};

/** The orders at a phone's width, in English: the table scrolls in its own box. */
export const OrdersPhone: Story = {
  args: { section: 'orders' },
  globals: { locale: 'en', viewport: { value: 'phone' } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('table', { name: en['wallet.orders'] })).toBeInTheDocument();
  },
};

/** The wallet at `/member?type=1&section=…`, with a button standing for the top bar's top-up link, which changes only the address. */
function WalletAtAddress({ recharge, section, ...server }: WalletStory) {
  const [address, setAddress] = useState({ recharge, section });
  return (
    <StoryApiProviders fetch={walletFetch(server)}>
      <button type="button" onClick={() => setAddress({ recharge: true, section: undefined })}>
        {en['topBar.topUp']}
      </button>
      <WalletPanel recharge={address.recharge} section={address.section} mall={null} HumanCheck={StoryHumanCheck} />
    </StoryApiProviders>
  );
}

/**
 * On a phone, opened on the mall by its address: the mall's tab is scrolled into the row's sight. The
 * top bar's top-up link, followed while the wallet is shown, opens top-up and brings its tab back into sight.
 */
export const AddressSectionPhone: Story = {
  args: { section: 'mall' },
  globals: { locale: 'en', viewport: { value: 'phone' } },
  render: (args) => <WalletAtAddress {...args} />,
  play: async ({ canvas, userEvent }) => {
    const inSight = (name: string) => {
      const row = canvas.getByRole('tablist').getBoundingClientRect();
      const tab = canvas.getByRole('tab', { name, selected: true }).getBoundingClientRect();
      return tab.left >= row.left - 0.5 && tab.right <= row.right + 0.5;
    };
    await canvas.findByRole('tab', { name: en['wallet.mall'], selected: true });
    await expect(inSight(en['wallet.mall'])).toBe(true);
    const topUpLink = canvas.getByRole('button', { name: en['topBar.topUp'] });
    await userEvent.click(topUpLink);
    await userEvent.unhover(topUpLink);
    topUpLink.blur();
    await expect(await canvas.findByRole('tab', { name: en['wallet.topUp'], selected: true })).toBeVisible();
    await waitFor(() => expect(inSight(en['wallet.topUp'])).toBe(true));
    await expect(window.scrollY).toBe(0);
  },
};

/** A new user: nothing withdrawn, no movements yet. */
export const Empty: Story = {
  args: { empty: true, section: 'orders' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(zh['common.noData'])).toBeVisible();
  },
};
