import { useState } from 'react';
import { useBankCard, useBindBankCard } from '../../api/queries/wallet.ts';
import { useMessage } from '../../i18n/use-message.ts';
import { Form } from '../../ui/form.tsx';
import { TextInput } from '../../ui/text-input.tsx';
import { PaymentPasswordInput } from './payment-password-input.tsx';
import { useFields } from './use-fields.ts';
import { cardNumberValid } from '../../rules/card-number.ts';
import { paymentPasswordValid } from '../../rules/password-rules.ts';
import styles from './wallet.module.css';

const empty = { real_name: '', card_number: '', bank_name: '', branch: '', payment_password: '' };

/** The bank card withdrawals are paid to: the bound one, masked, and the form that binds one (Luhn-checked). */
export function BankCardForm() {
  const t = useMessage();
  const card = useBankCard();
  const bind = useBindBankCard();
  const { values, change, clear } = useFields(empty);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = () => {
    const number = values.card_number.replace(/\s/g, '');
    if (!values.real_name.trim() || !values.bank_name.trim() || !values.branch.trim()) return setProblem(t('wallet.completeInfo'));
    if (!cardNumberValid(number)) return setProblem(t('wallet.badCard'));
    if (!paymentPasswordValid(values.payment_password)) return setProblem(t('wallet.paymentPasswordRule'));
    setProblem(null);
    bind.mutate({ ...values, card_number: number }, { onSuccess: clear });
  };
  return (
    <Form title={t('wallet.bankCard')} onSubmit={submit} problem={problem} submitLabel={t('wallet.bindCard')} busy={bind.isPending}>
      {card.data ? (
        <p className={styles.number} data-testid="bound-card">
          {card.data.bank_name} {card.data.card_number} · {card.data.real_name}
        </p>
      ) : (
        <p className={styles.muted}>{t('wallet.noCard')}</p>
      )}
      <TextInput label={t('wallet.realName')} value={values.real_name} onChange={change('real_name')} maxLength={30} />
      <TextInput label={t('wallet.cardNumber')} value={values.card_number} onChange={change('card_number')} maxLength={23} />
      <TextInput label={t('wallet.bankName')} value={values.bank_name} onChange={change('bank_name')} maxLength={50} />
      <TextInput label={t('wallet.branch')} value={values.branch} onChange={change('branch')} maxLength={100} />
      <PaymentPasswordInput value={values.payment_password} onChange={change('payment_password')} />
    </Form>
  );
}
