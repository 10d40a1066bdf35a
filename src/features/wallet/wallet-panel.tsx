import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useApi } from '../../api/api-context.tsx';
import { memberInfoQuery } from '../../api/queries/account.ts';
import { useMessage } from '../../i18n/use-message.ts';
import { useStoredUser } from '../../realtime/stored-user.ts';
import type { WalletSection } from '../../routes.ts';
import { EmptyState } from '../../ui/empty-state.tsx';
import { Tabs } from '../../ui/tabs.tsx';
import { Balances } from './balances.tsx';
import { BankCardForm } from './bank-card-form.tsx';
import { ConversionSection } from './conversion-section.tsx';
import { OrdersSection } from './orders-section.tsx';
import { PayAccountForm } from './pay-account-form.tsx';
import { PaymentPasswordForm, type HumanCheck } from './payment-password-form.tsx';
import { TopUpSection } from './top-up-section.tsx';
import { WithdrawSection } from './withdraw-section.tsx';
import styles from './wallet.module.css';

export interface WalletPanelProps {
  /** `/member?type=1&isRecharge=true`: open on top-up (SPEC §2). */
  recharge: boolean;
  /** `/member?type=1&section=`: the section to open on. */
  section?: WalletSection;
  /** The exchange mall (the tasks area's), where coins are spent. */
  mall: ReactNode;
  /** The human check the payment password's SMS code needs; the site's ALTCHA widget unless a story stands in for it. */
  HumanCheck?: HumanCheck;
}

/** The wallet of the personal centre (SPEC §2 /member type 1, §3): balances, top-up, withdraw, convert, accounts, orders, the mall. */
export function WalletPanel({ recharge, section: opening, mall, HumanCheck }: WalletPanelProps) {
  const t = useMessage();
  const api = useApi();
  const userId = useStoredUser()?.id ?? null;
  // The wallet opens on top-up, its first tab, unless the address names a section: a phone opened on the
  // withdrawal form read as if it were asked to withdraw.
  const asked = opening ?? 'topup';
  const [section, setSection] = useState<WalletSection>(asked);
  const askedBy = `${asked}:${String(recharge)}`;
  // A link followed while the wallet is shown (the top bar's top-up) changes only the address: the
  // section it names is opened as if the wallet had been opened on it.
  const [askedBefore, setAskedBefore] = useState(askedBy);
  if (askedBy !== askedBefore) {
    setAskedBefore(askedBy);
    setSection(asked);
  }
  const [awaiting, setAwaiting] = useState<number | null>(null);
  const [round, setRound] = useState(0);
  // While a checkout is open elsewhere the balance is asked again every few seconds, so the top
  // bar and the wallet show the credit without a reload.
  const me = useQuery({ ...memberInfoQuery(api, userId), refetchInterval: awaiting !== null ? 3000 : false });
  const profile = me.data;
  const credited = awaiting !== null && profile !== undefined && profile.balance > awaiting;
  if (!profile) return <EmptyState title={t('common.loading')} busy={me.isPending} />;
  const incomeTenths = Math.round(profile.income_balance * 10);

  return (
    <div className={styles.wallet}>
      <Balances balance={profile.balance} income={profile.income_balance} coins={profile.coins} />
      <Tabs
        label={t('wallet.sections')}
        selected={section}
        onSelect={setSection}
        tabs={[
          { key: 'topup', label: t('wallet.topUp') },
          { key: 'withdraw', label: t('wallet.withdraw') },
          { key: 'convert', label: t('wallet.convert') },
          { key: 'accounts', label: t('wallet.accounts') },
          { key: 'orders', label: t('wallet.orders') },
          { key: 'mall', label: t('wallet.mall') },
        ]}
      >
        {section === 'topup' && <TopUpSection credited={credited} onCheckout={() => setAwaiting(profile.balance)} />}
        {section === 'withdraw' && <WithdrawSection incomeTenths={incomeTenths} />}
        {section === 'convert' && <ConversionSection key={round} incomeTenths={incomeTenths} onAgain={() => setRound((n) => n + 1)} />}
        {section === 'accounts' && (
          <div className={styles.accounts}>
            <PaymentPasswordForm HumanCheck={HumanCheck} />
            <BankCardForm />
            <PayAccountForm />
          </div>
        )}
        {section === 'orders' && <OrdersSection />}
        {section === 'mall' && mall}
      </Tabs>
    </div>
  );
}
