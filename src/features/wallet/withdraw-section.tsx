import { useRef, useState } from 'react';
import { newActionKey, useApplyWithdrawal, useWithdrawalList } from '../../api/queries/wallet.ts';
import type { components } from '../../api/schema';
import { useMessage } from '../../i18n/use-message.ts';
import { usePaginationLabels } from '../../i18n/use-pagination-labels.ts';
import { DataTable, numeric } from '../../ui/data-table.tsx';
import { Form } from '../../ui/form.tsx';
import { Pagination, pageCountOf } from '../../ui/pagination.tsx';
import { Select } from '../../ui/select.tsx';
import { TextInput } from '../../ui/text-input.tsx';
import { PaymentPasswordInput } from './payment-password-input.tsx';
import { paymentPasswordValid } from '../../rules/password-rules.ts';
import { formatAmount, tenthsOfText } from './wallet-format.ts';
import styles from './wallet.module.css';

type PayoutAccountType = components['schemas']['PayoutAccountType'];

/** Withdrawal from the income wallet to a bound card or account (SPEC §5), and my withdrawal records. */
export function WithdrawSection({ incomeTenths }: { incomeTenths: number }) {
  const t = useMessage();
  return (
    <div className={styles.section}>
      <WithdrawForm incomeTenths={incomeTenths} />
      <h2>{t('wallet.withdrawals')}</h2>
      <WithdrawalRecords />
    </div>
  );
}

function WithdrawForm({ incomeTenths }: { incomeTenths: number }) {
  const t = useMessage();
  const apply = useApplyWithdrawal();
  const [amount, setAmount] = useState('');
  const [accountType, setAccountType] = useState<PayoutAccountType>('bank_card');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const key = useRef(newActionKey());

  const submit = () => {
    const tenths = tenthsOfText(amount);
    // SPEC §5: 'Please enter the transfer amount'; 0.1 is the smallest unit.
    if (tenths === null || tenths <= 0) return setProblem(t('wallet.enterAmount'));
    if (tenths > incomeTenths) return setProblem(t('wallet.notEnoughIncome'));
    if (!paymentPasswordValid(password)) return setProblem(t('wallet.paymentPasswordRule'));
    setProblem(null);
    apply.mutate(
      { amount: tenths / 10, account_type: accountType, payment_password: password, key: key.current },
      {
        onSuccess: () => {
          key.current = newActionKey();
          setAmount('');
          setPassword('');
        },
      },
    );
  };
  return (
    <Form
      onSubmit={submit}
      problem={problem}
      submitLabel={t('wallet.applyWithdrawal')}
      busy={apply.isPending}
      done={apply.isSuccess ? t('wallet.withdrawalApplied') : null}
    >
      <p className={styles.muted}>{t('wallet.withdrawFrom', { amount: formatAmount(incomeTenths / 10) })}</p>
      <TextInput label={t('wallet.amount')} value={amount} onChange={setAmount} placeholder={t('wallet.withdrawAmountHint')} />
      <Select
        label={t('wallet.to')}
        value={accountType}
        onChange={setAccountType}
        options={[
          { value: 'bank_card', label: t('wallet.bankCard') },
          { value: 'payment_account', label: t('wallet.payAccount') },
        ]}
      />
      <PaymentPasswordInput value={password} onChange={setPassword} />
    </Form>
  );
}

/** Balance/withdrawalList: each withdrawal with its review status and, when refused, the reason. */
function WithdrawalRecords() {
  const t = useMessage();
  const pageLabels = usePaginationLabels();
  const [page, setPage] = useState(1);
  const list = useWithdrawalList(page);
  if (!list.data || list.data.list.length === 0) return <p className={styles.muted}>{t('common.noData')}</p>;
  return (
    <>
      <DataTable caption={t('wallet.withdrawals')}>
        <thead>
          <tr>
            <th>{t('wallet.time')}</th>
            <th className={numeric}>{t('wallet.amount')}</th>
            <th>{t('wallet.to')}</th>
            <th>{t('wallet.status')}</th>
          </tr>
        </thead>
        <tbody>
          {list.data.list.map((row) => (
            <tr key={row.id}>
              <td className={styles.number}>{new Date(row.created_at * 1000).toLocaleString()}</td>
              <td className={numeric}>{formatAmount(row.amount)}</td>
              <td className={styles.account}>{row.account}</td>
              <td>
                {t(`wallet.review.${row.status}`)}
                {row.reason ? `: ${row.reason}` : ''}
              </td>
            </tr>
          ))}
        </tbody>
      </DataTable>
      <Pagination {...pageLabels} page={page} pageCount={pageCountOf(list.data.total, list.data.limit)} onChange={setPage} label={t('wallet.withdrawals')} />
    </>
  );
}
