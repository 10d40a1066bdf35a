import { useState, type ComponentType } from 'react';
import { useSendPaymentCode, useSetPaymentPassword } from '../../api/queries/wallet.ts';
import { AltchaCheck } from '../../realtime/altcha-check.tsx';
import { useMessage } from '../../i18n/use-message.ts';
import { Button } from '../../ui/button.tsx';
import { Form } from '../../ui/form.tsx';
import { TextInput } from '../../ui/text-input.tsx';
import { PaymentPasswordInput } from './payment-password-input.tsx';
import { paymentPasswordValid } from '../../rules/password-rules.ts';
import styles from './wallet.module.css';

/** The human check the SMS code needs: the site's ALTCHA widget, or a stand-in that stories hand in. */
export type HumanCheck = ComponentType<{ onSolved: (payload: string) => void; onReset: () => void }>;

/** Setting the payment password (SPEC §5: at least 6 digits, entered twice), proven by an SMS code. */
export function PaymentPasswordForm({ HumanCheck = AltchaCheck }: { HumanCheck?: HumanCheck }) {
  const t = useMessage();
  const send = useSendPaymentCode();
  const save = useSetPaymentPassword();
  const [mobile, setMobile] = useState('');
  const [altcha, setAltcha] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = () => {
    // SPEC §5: at least 6 digits; the confirmation must equal it.
    if (!paymentPasswordValid(password)) return setProblem(t('wallet.paymentPasswordRule'));
    if (password !== confirm) return setProblem(t('wallet.passwordsDiffer'));
    if (!/^[0-9]{6}$/.test(code)) return setProblem(t('wallet.enterCode'));
    setProblem(null);
    save.mutate({ password, confirm_password: confirm, code });
  };
  return (
    <Form
      title={t('wallet.paymentPassword')}
      onSubmit={submit}
      problem={problem}
      submitLabel={t('wallet.save')}
      busy={save.isPending}
      done={save.isSuccess ? t('wallet.saved') : null}
    >
      <TextInput label={t('wallet.mobile')} type="tel" value={mobile} onChange={setMobile} placeholder="86-13800000000" />
      <HumanCheck onSolved={setAltcha} onReset={() => setAltcha(null)} />
      <div className={styles.row}>
        <TextInput label={t('wallet.code')} value={code} onChange={setCode} maxLength={6} />
        <Button disabled={altcha === null || mobile === '' || send.isPending} onClick={() => altcha && send.mutate({ mobile, altcha })}>
          {t('wallet.sendCode')}
        </Button>
      </div>
      <PaymentPasswordInput label={t('wallet.newPaymentPassword')} value={password} onChange={setPassword} />
      <PaymentPasswordInput label={t('wallet.confirmPaymentPassword')} value={confirm} onChange={setConfirm} />
    </Form>
  );
}
