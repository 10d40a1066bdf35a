import { useState } from 'react';
import { useBindPayAccount, usePayAccount } from '../../api/queries/wallet.ts';
import { useMessage } from '../../i18n/use-message.ts';
import { Form } from '../../ui/form.tsx';
import { TextInput } from '../../ui/text-input.tsx';
import { PaymentPasswordInput } from './payment-password-input.tsx';
import { useFields } from './use-fields.ts';
import { paymentPasswordValid } from '../../rules/password-rules.ts';
import styles from './wallet.module.css';

const empty = { real_name: '', account: '', payment_password: '' };

/** The payment account withdrawals may be paid to instead of a card: the bound one and the form that binds one. */
export function PayAccountForm() {
  const t = useMessage();
  const account = usePayAccount();
  const bind = useBindPayAccount();
  const { values, change, clear } = useFields(empty);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = () => {
    if (!values.real_name.trim() || values.account.trim().length < 3) return setProblem(t('wallet.completeInfo'));
    if (!paymentPasswordValid(values.payment_password)) return setProblem(t('wallet.paymentPasswordRule'));
    setProblem(null);
    bind.mutate(values, { onSuccess: clear });
  };
  return (
    <Form title={t('wallet.payAccount')} onSubmit={submit} problem={problem} submitLabel={t('wallet.bindAccount')} busy={bind.isPending}>
      {account.data ? (
        <p className={styles.number}>
          {account.data.account} · {account.data.real_name}
        </p>
      ) : (
        <p className={styles.muted}>{t('wallet.noPayAccount')}</p>
      )}
      <TextInput label={t('wallet.realName')} value={values.real_name} onChange={change('real_name')} maxLength={30} />
      <TextInput label={t('wallet.account')} value={values.account} onChange={change('account')} maxLength={64} />
      <PaymentPasswordInput value={values.payment_password} onChange={change('payment_password')} />
    </Form>
  );
}
