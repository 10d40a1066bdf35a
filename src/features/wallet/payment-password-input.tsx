import { useMessage } from '../../i18n/use-message.ts';
import { TextInput } from '../../ui/text-input.tsx';

/** The payment password a withdrawal or a binding is confirmed with (SPEC §5: 6 to 12 digits). */
export function PaymentPasswordInput({ value, onChange, label }: { value: string; onChange: (value: string) => void; label?: string }) {
  const t = useMessage();
  return <TextInput label={label ?? t('wallet.paymentPassword')} type="password" value={value} onChange={onChange} maxLength={12} />;
}
