import { useQuery } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useRef, useState, type ComponentType, type FormEvent, type ReactNode } from 'react';
import { fromPromise } from 'xstate';
import { useApi } from '../../api/api-context.tsx';
import { memberInfoQuery } from '../../api/queries/account.ts';
import {
  newActionKey,
  useApplyWithdrawal,
  useBankCard,
  useBindBankCard,
  useBindPayAccount,
  useChargeRules,
  useConvertIncome,
  useCreateTopUp,
  useLedger,
  useLedgerExport,
  useLedgerTypes,
  usePayAccount,
  usePayChannels,
  useSendPaymentCode,
  useSetPaymentPassword,
  useWithdrawalList,
  type LedgerFilter,
} from '../../api/queries/wallet.ts';
import type { components } from '../../api/schema';
import { useMessage } from '../../i18n/use-message.ts';
import { conversionMachine, type ConversionOutcome } from '../../machines/conversion-machine.ts';
import { useStoredUser } from '../../realtime/stored-user.ts';
import type { WalletSection } from '../../routes.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmBox } from '../../ui/confirm-box.tsx';
import { DataTable, numeric } from '../../ui/data-table.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { Pagination } from '../../ui/pagination.tsx';
import { Select } from '../../ui/select.tsx';
import { Tabs } from '../../ui/tabs.tsx';
import { TextInput } from '../../ui/text-input.tsx';
import { formatAmount, ledgerCsv, luhnValid, tenthsOfText } from './wallet-format.ts';
import styles from './wallet.module.css';

type Schemas = components['schemas'];

/** The human check the SMS code needs (the account area's widget, handed in by the route). */
export type HumanCheck = ComponentType<{ onSolved: (payload: string) => void; onReset: () => void }>;

type Section = WalletSection;

export interface WalletPanelProps {
  /** `/member?type=1&isRecharge=true`: open on top-up (SPEC §2). */
  recharge: boolean;
  /** `/member?type=1&section=`: the section to open on. */
  section?: Section;
  /** The exchange mall (the tasks area's), where coins are spent. */
  mall: ReactNode;
  HumanCheck: HumanCheck;
}

/** The wallet of the personal centre (SPEC §2 /member type 1, §3): balances, top-up, withdraw, convert, accounts, orders, the mall. */
export function WalletPanel({ recharge, section: opening, mall, HumanCheck }: WalletPanelProps) {
  const t = useMessage();
  const api = useApi();
  const userId = useStoredUser()?.id ?? null;
  const [section, setSection] = useState<Section>(opening ?? (recharge ? 'topup' : 'withdraw'));
  const [awaiting, setAwaiting] = useState<number | null>(null);
  const [round, setRound] = useState(0);
  // While a checkout is open elsewhere the balance is asked again every few seconds, so the top
  // bar and the wallet show the credit without a reload.
  const me = useQuery({ ...memberInfoQuery(api, userId), refetchInterval: awaiting !== null ? 3000 : false });
  const profile = me.data;
  const credited = awaiting !== null && profile !== undefined && profile.balance > awaiting;
  if (!profile) return <EmptyState title={t('common.loading')} busy={me.isPending} />;

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
        {section === 'topup' && (
          <TopUpSection
            credited={credited}
            onCheckout={() => setAwaiting(profile.balance)}
          />
        )}
        {section === 'withdraw' && <WithdrawSection incomeTenths={Math.round(profile.income_balance * 10)} />}
        {section === 'convert' && (
          <ConvertSection key={round} incomeTenths={Math.round(profile.income_balance * 10)} onAgain={() => setRound((n) => n + 1)} />
        )}
        {section === 'accounts' && <AccountsSection HumanCheck={HumanCheck} />}
        {section === 'orders' && <OrdersSection />}
        {section === 'mall' && mall}
      </Tabs>
    </div>
  );
}

/** Both wallets and the coins, in fixed-width figures. */
export function Balances({ balance, income, coins }: { balance: number; income: number; coins: number }) {
  const t = useMessage();
  return (
    <dl className={styles.balances}>
      <div className={styles.balance}>
        <dt>{t('wallet.consumer')}</dt>
        <dd className={styles.number} data-testid="wallet-consumer">
          {formatAmount(balance)}
        </dd>
      </div>
      <div className={styles.balance}>
        <dt>{t('wallet.income')}</dt>
        <dd className={styles.number} data-testid="wallet-income">
          {formatAmount(income)}
        </dd>
      </div>
      <div className={styles.balance}>
        <dt>{t('wallet.coins')}</dt>
        <dd className={styles.number}>{formatAmount(coins)}</dd>
      </div>
    </dl>
  );
}

function TopUpSection({ credited, onCheckout }: { credited: boolean; onCheckout: () => void }) {
  const t = useMessage();
  const rules = useChargeRules();
  const channels = usePayChannels();
  const create = useCreateTopUp();
  const [ruleId, setRuleId] = useState<number | null>(null);
  const [channelId, setChannelId] = useState<number | null>(null);
  // One key per choice of package and channel: a retry of the same click makes no second order.
  const key = useRef(newActionKey());
  const rule = ruleId ?? rules.data?.[0]?.id ?? null;
  const channel = channelId ?? channels.data?.[0]?.id ?? null;
  const order = create.data;
  return (
    <form
      className={styles.form}
      onSubmit={(event) => {
        event.preventDefault();
        if (rule !== null && channel !== null) create.mutate({ ruleId: rule, channelId: channel, key: key.current });
      }}
    >
      <fieldset className={styles.choices}>
        <legend>{t('wallet.package')}</legend>
        {(rules.data ?? []).map((option) => (
          <label key={option.id} className={styles.choice}>
            <input
              type="radio"
              name="rule"
              checked={option.id === rule}
              onChange={() => {
                setRuleId(option.id);
                key.current = newActionKey();
                create.reset();
              }}
            />
            <span className={styles.number}>
              {t('wallet.packageLabel', { diamonds: formatAmount(option.diamonds + option.bonus), price: option.price.toFixed(2) })}
            </span>
          </label>
        ))}
      </fieldset>
      <fieldset className={styles.choices}>
        <legend>{t('wallet.channel')}</legend>
        {(channels.data ?? []).map((option) => (
          <label key={option.id} className={styles.choice}>
            <input
              type="radio"
              name="channel"
              checked={option.id === channel}
              onChange={() => {
                setChannelId(option.id);
                key.current = newActionKey();
                create.reset();
              }}
            />
            <img src={option.icon} alt="" width={20} height={20} />
            {option.name}
          </label>
        ))}
      </fieldset>
      <div className={styles.row}>
        <Button type="submit" variant="primary" disabled={rule === null || channel === null || create.isPending}>
          {t('wallet.createOrder')}
        </Button>
        {order && (
          <a href={order.pay_url} target="_blank" rel="noopener" onClick={onCheckout}>
            {t('wallet.goPay', { order: order.order_no })}
          </a>
        )}
      </div>
      {order && !credited && <p className={styles.muted}>{t('wallet.payHint')}</p>}
      {credited && <p role="status">{t('wallet.topUpDone')}</p>}
    </form>
  );
}

function WithdrawSection({ incomeTenths }: { incomeTenths: number }) {
  const t = useMessage();
  const apply = useApplyWithdrawal();
  const [amount, setAmount] = useState('');
  const [accountType, setAccountType] = useState<Schemas['PayoutAccountType']>('bank_card');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const key = useRef(newActionKey());
  const [page, setPage] = useState(1);
  const list = useWithdrawalList(page);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const tenths = tenthsOfText(amount);
    // SPEC §5: 'Please enter the transfer amount'; 0.1 is the smallest unit.
    if (tenths === null || tenths <= 0) return setProblem(t('wallet.enterAmount'));
    if (tenths > incomeTenths) return setProblem(t('wallet.notEnoughIncome'));
    if (!/^[0-9]{6,12}$/.test(password)) return setProblem(t('wallet.paymentPasswordRule'));
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
    <div className={styles.section}>
      <form className={styles.form} onSubmit={submit} noValidate>
        <p className={styles.muted}>{t('wallet.withdrawFrom', { amount: formatAmount(incomeTenths / 10) })}</p>
        <TextInput label={t('wallet.amount')} value={amount} onChange={setAmount} placeholder={t('wallet.enterAmount')} />
        <Select
          label={t('wallet.to')}
          value={accountType}
          onChange={setAccountType}
          options={[
            { value: 'bank_card', label: t('wallet.bankCard') },
            { value: 'payment_account', label: t('wallet.payAccount') },
          ]}
        />
        <TextInput label={t('wallet.paymentPassword')} type="password" value={password} onChange={setPassword} maxLength={12} />
        {problem && (
          <p role="alert" className={styles.problem}>
            {problem}
          </p>
        )}
        <Button type="submit" variant="primary" disabled={apply.isPending}>
          {t('wallet.applyWithdrawal')}
        </Button>
        {apply.isSuccess && <p role="status">{t('wallet.withdrawalApplied')}</p>}
      </form>
      <h3>{t('wallet.withdrawals')}</h3>
      {list.data && list.data.list.length > 0 ? (
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
                  <td>{row.account}</td>
                  <td>
                    {t(`wallet.review.${row.status}`)}
                    {row.reason ? `: ${row.reason}` : ''}
                  </td>
                </tr>
              ))}
            </tbody>
          </DataTable>
          <Pagination
            page={page}
            pageCount={Math.max(1, Math.ceil(list.data.total / list.data.limit))}
            onChange={setPage}
            label={t('wallet.withdrawals')}
            previousLabel={t('wallet.previousPage')}
            nextLabel={t('wallet.nextPage')}
            pageLabel={(n) => t('wallet.page', { page: n })}
          />
        </>
      ) : (
        <p className={styles.muted}>{t('common.noData')}</p>
      )}
    </div>
  );
}

function ConvertSection({ incomeTenths, onAgain }: { incomeTenths: number; onAgain: () => void }) {
  const t = useMessage();
  const convert = useConvertIncome();
  // The confirmation's key: a retry reuses it; 'convert more' mounts a new section with a new one.
  const [key] = useState(newActionKey);
  const logic = useMemo(
    () =>
      conversionMachine.provide({
        actors: {
          convert: fromPromise<ConversionOutcome, { tenths: number }>(async ({ input }) => {
            const result = await convert(input.tenths / 10, key);
            return { incomeTenths: Math.round(result.income_balance * 10) };
          }),
        },
      }),
    [convert, key],
  );
  const actor = useActorRef(logic, { input: { incomeTenths } });
  const state = useSelector(actor, (snapshot) => snapshot);
  const [text, setText] = useState('');
  const problem = state.context.problem;
  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'convert.request' });
      }}
    >
      <p className={styles.muted}>{t('wallet.convertHint', { amount: formatAmount(state.context.incomeTenths / 10) })}</p>
      <TextInput
        label={t('wallet.amount')}
        value={text}
        placeholder={t('wallet.enterAmount')}
        disabled={!state.matches('entering')}
        onChange={(value) => {
          setText(value);
          actor.send({ type: 'amount.change', tenths: tenthsOfText(value) });
        }}
      />
      {problem && (
        <p role="alert" className={styles.problem}>
          {problem === 'empty' ? t('wallet.enterAmount') : t('wallet.notEnoughIncome')}
        </p>
      )}
      {state.matches('entering') && (
        <Button type="submit" variant="primary">
          {t('wallet.convert')}
        </Button>
      )}
      {state.matches('converting') && <p role="status">{t('wallet.converting')}</p>}
      {state.matches('failed') && (
        <div className={styles.row}>
          <p role="alert" className={styles.problem}>
            {state.context.failure}
          </p>
          <Button onClick={() => actor.send({ type: 'convert.retry' })}>{t('wallet.retry')}</Button>
          <Button onClick={() => actor.send({ type: 'convert.cancel' })}>{t('wallet.cancel')}</Button>
        </div>
      )}
      {state.matches('done') && (
        <div className={styles.row}>
          <p role="status">{t('wallet.converted')}</p>
          <Button
            onClick={onAgain}
          >
            {t('wallet.convertAgain')}
          </Button>
        </div>
      )}
      <ConfirmBox
        open={state.matches('confirming')}
        title={t('wallet.convertConfirmTitle')}
        message={t('wallet.convertConfirm', { amount: formatAmount((state.context.tenths ?? 0) / 10) })}
        confirmLabel={t('wallet.convertConfirmYes')}
        cancelLabel={t('wallet.cancel')}
        onConfirm={() => actor.send({ type: 'convert.confirm' })}
        onCancel={() => actor.send({ type: 'convert.cancel' })}
      />
    </form>
  );
}

function AccountsSection({ HumanCheck }: { HumanCheck: HumanCheck }) {
  return (
    <div className={styles.section}>
      <PaymentPasswordForm HumanCheck={HumanCheck} />
      <BankCardForm />
      <PayAccountForm />
    </div>
  );
}

function PaymentPasswordForm({ HumanCheck }: { HumanCheck: HumanCheck }) {
  const t = useMessage();
  const send = useSendPaymentCode();
  const save = useSetPaymentPassword();
  const [mobile, setMobile] = useState('');
  const [altcha, setAltcha] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        // SPEC §5: at least 6 digits; the confirmation must equal it.
        if (!/^[0-9]{6,12}$/.test(password)) return setProblem(t('wallet.paymentPasswordRule'));
        if (password !== confirm) return setProblem(t('wallet.passwordsDiffer'));
        if (!/^[0-9]{6}$/.test(code)) return setProblem(t('wallet.enterCode'));
        setProblem(null);
        save.mutate({ password, confirm_password: confirm, code });
      }}
    >
      <h3>{t('wallet.paymentPassword')}</h3>
      <TextInput label={t('wallet.mobile')} type="tel" value={mobile} onChange={setMobile} placeholder="86-13800000000" />
      <HumanCheck onSolved={setAltcha} onReset={() => setAltcha(null)} />
      <div className={styles.row}>
        <TextInput label={t('wallet.code')} value={code} onChange={setCode} maxLength={6} />
        <Button disabled={altcha === null || mobile === '' || send.isPending} onClick={() => altcha && send.mutate({ mobile, altcha })}>
          {t('wallet.sendCode')}
        </Button>
      </div>
      <TextInput label={t('wallet.newPaymentPassword')} type="password" value={password} onChange={setPassword} maxLength={12} />
      <TextInput label={t('wallet.confirmPaymentPassword')} type="password" value={confirm} onChange={setConfirm} maxLength={12} />
      {problem && (
        <p role="alert" className={styles.problem}>
          {problem}
        </p>
      )}
      <Button type="submit" variant="primary" disabled={save.isPending}>
        {t('wallet.save')}
      </Button>
      {save.isSuccess && <p role="status">{t('wallet.saved')}</p>}
    </form>
  );
}

function BankCardForm() {
  const t = useMessage();
  const card = useBankCard();
  const bind = useBindBankCard();
  const [form, setForm] = useState({ real_name: '', card_number: '', bank_name: '', branch: '', payment_password: '' });
  const [problem, setProblem] = useState<string | null>(null);
  const field = (name: keyof typeof form) => (value: string) => setForm((current) => ({ ...current, [name]: value }));
  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const number = form.card_number.replace(/\s/g, '');
        if (!form.real_name.trim() || !form.bank_name.trim() || !form.branch.trim()) return setProblem(t('wallet.completeInfo'));
        if (!luhnValid(number)) return setProblem(t('wallet.badCard'));
        if (!/^[0-9]{6,12}$/.test(form.payment_password)) return setProblem(t('wallet.paymentPasswordRule'));
        setProblem(null);
        bind.mutate({ ...form, card_number: number }, { onSuccess: () => setForm({ real_name: '', card_number: '', bank_name: '', branch: '', payment_password: '' }) });
      }}
    >
      <h3>{t('wallet.bankCard')}</h3>
      {card.data ? (
        <p className={styles.number} data-testid="bound-card">
          {card.data.bank_name} {card.data.card_number} · {card.data.real_name}
        </p>
      ) : (
        <p className={styles.muted}>{t('wallet.noCard')}</p>
      )}
      <TextInput label={t('wallet.realName')} value={form.real_name} onChange={field('real_name')} maxLength={30} />
      <TextInput label={t('wallet.cardNumber')} value={form.card_number} onChange={field('card_number')} maxLength={23} />
      <TextInput label={t('wallet.bankName')} value={form.bank_name} onChange={field('bank_name')} maxLength={50} />
      <TextInput label={t('wallet.branch')} value={form.branch} onChange={field('branch')} maxLength={100} />
      <TextInput label={t('wallet.paymentPassword')} type="password" value={form.payment_password} onChange={field('payment_password')} maxLength={12} />
      {problem && (
        <p role="alert" className={styles.problem}>
          {problem}
        </p>
      )}
      <Button type="submit" variant="primary" disabled={bind.isPending}>
        {t('wallet.bindCard')}
      </Button>
    </form>
  );
}

function PayAccountForm() {
  const t = useMessage();
  const account = usePayAccount();
  const bind = useBindPayAccount();
  const [form, setForm] = useState({ real_name: '', account: '', payment_password: '' });
  const [problem, setProblem] = useState<string | null>(null);
  const field = (name: keyof typeof form) => (value: string) => setForm((current) => ({ ...current, [name]: value }));
  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!form.real_name.trim() || form.account.trim().length < 3) return setProblem(t('wallet.completeInfo'));
        if (!/^[0-9]{6,12}$/.test(form.payment_password)) return setProblem(t('wallet.paymentPasswordRule'));
        setProblem(null);
        bind.mutate(form, { onSuccess: () => setForm({ real_name: '', account: '', payment_password: '' }) });
      }}
    >
      <h3>{t('wallet.payAccount')}</h3>
      {account.data ? (
        <p className={styles.number}>
          {account.data.account} · {account.data.real_name}
        </p>
      ) : (
        <p className={styles.muted}>{t('wallet.noPayAccount')}</p>
      )}
      <TextInput label={t('wallet.realName')} value={form.real_name} onChange={field('real_name')} maxLength={30} />
      <TextInput label={t('wallet.account')} value={form.account} onChange={field('account')} maxLength={64} />
      <TextInput label={t('wallet.paymentPassword')} type="password" value={form.payment_password} onChange={field('payment_password')} maxLength={12} />
      {problem && (
        <p role="alert" className={styles.problem}>
          {problem}
        </p>
      )}
      <Button type="submit" variant="primary" disabled={bind.isPending}>
        {t('wallet.bindAccount')}
      </Button>
    </form>
  );
}

function OrdersSection() {
  const t = useMessage();
  const types = useLedgerTypes();
  const exportRows = useLedgerExport();
  const [type, setType] = useState<Schemas['LedgerEntryType'] | ''>('');
  const [month, setMonth] = useState('');
  const [page, setPage] = useState(1);
  const filter: LedgerFilter = { page, limit: 20, ...(type ? { type } : {}), ...(/^\d{4}-\d{2}$/.test(month) ? { month } : {}) };
  const ledger = useLedger(filter);
  const typeName = (value: string) => types.data?.find((option) => option.type === value)?.name ?? value;
  const walletName = (wallet: Schemas['WalletKind']) => t(`wallet.kind.${wallet}`);
  const download = async () => {
    const { page: _page, limit: _limit, ...all } = filter;
    const rows = await exportRows(all);
    const csv = ledgerCsv(rows, {
      header: [t('wallet.time'), t('wallet.orderNo'), t('wallet.type'), t('wallet.walletColumn'), t('wallet.amount'), t('wallet.balanceAfter')],
      typeName,
      walletName,
    });
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
    link.download = `pitchside-orders${month ? `-${month}` : ''}.csv`;
    link.click();
    URL.revokeObjectURL(link.href);
  };
  return (
    <div className={styles.section}>
      <div className={styles.row}>
        <Select
          label={t('wallet.type')}
          value={type}
          onChange={(value) => {
            setType(value);
            setPage(1);
          }}
          options={[{ value: '' as const, label: t('wallet.allTypes') }, ...(types.data ?? []).map((option) => ({ value: option.type, label: option.name }))]}
        />
        <label className={styles.section}>
          {t('wallet.month')}
          <input
            type="month"
            value={month}
            onChange={(event) => {
              setMonth(event.currentTarget.value);
              setPage(1);
            }}
          />
        </label>
        <Button onClick={() => void download()}>{t('wallet.exportCsv')}</Button>
      </div>
      {ledger.data && ledger.data.list.length > 0 ? (
        <>
          <DataTable caption={t('wallet.orders')}>
            <thead>
              <tr>
                <th>{t('wallet.time')}</th>
                <th>{t('wallet.type')}</th>
                <th>{t('wallet.walletColumn')}</th>
                <th className={numeric}>{t('wallet.amount')}</th>
                <th className={numeric}>{t('wallet.balanceAfter')}</th>
              </tr>
            </thead>
            <tbody>
              {ledger.data.list.map((row) => (
                <tr key={row.id}>
                  <td className={styles.number}>{new Date(row.created_at * 1000).toLocaleString()}</td>
                  <td>{typeName(row.type)}</td>
                  <td>{walletName(row.wallet)}</td>
                  <td className={[numeric, row.amount > 0 ? styles.plus : styles.minus].join(' ')}>
                    {row.amount > 0 ? '+' : ''}
                    {formatAmount(row.amount)}
                  </td>
                  <td className={numeric}>{formatAmount(row.balance)}</td>
                </tr>
              ))}
            </tbody>
          </DataTable>
          <Pagination
            page={page}
            pageCount={Math.max(1, Math.ceil(ledger.data.total / ledger.data.limit))}
            onChange={setPage}
            label={t('wallet.orders')}
            previousLabel={t('wallet.previousPage')}
            nextLabel={t('wallet.nextPage')}
            pageLabel={(n) => t('wallet.page', { page: n })}
          />
        </>
      ) : (
        <p className={styles.muted}>{ledger.isPending ? t('common.loading') : t('common.noData')}</p>
      )}
    </div>
  );
}
