import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import { fromPromise } from 'xstate';
import { ApiError } from '../../api/client.ts';
import { newActionKey, useConvertIncome } from '../../api/queries/wallet.ts';
import { useMessage } from '../../i18n/use-message.ts';
import { conversionMachine, type ConversionOutcome } from '../../machines/conversion-machine.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmBox } from '../../ui/confirm-box.tsx';
import { TextInput } from '../../ui/text-input.tsx';
import { formatAmount, tenthsOfText } from './wallet-format.ts';
import styles from './wallet.module.css';

export interface ConversionSectionProps {
  /** The income wallet's balance, in tenths. */
  incomeTenths: number;
  /** 'Convert more': the owner mounts a fresh section, with a fresh key. */
  onAgain: () => void;
}

/** Income into yellow diamonds (SPEC §5): irreversible, so confirmed in a dialog that says so; driven by the conversion machine. */
export function ConversionSection({ incomeTenths, onAgain }: ConversionSectionProps) {
  const t = useMessage();
  const convert = useConvertIncome();
  // The confirmation's key: a retry reuses it; 'convert more' mounts a new section with a new one.
  const [key] = useState(newActionKey);
  const logic = useMemo(
    () =>
      conversionMachine.provide({
        actors: {
          convert: fromPromise<ConversionOutcome, { tenths: number }>(async ({ input }) => {
            try {
              const result = await convert(input.tenths / 10, key);
              return { incomeTenths: Math.round(result.income_balance * 10) };
            } catch (error) {
              // The machine shows the error's message: the server's own words, not 'code 1: …'.
              throw new Error(error instanceof ApiError && error.msg ? error.msg : t('common.loadFailed'), { cause: error });
            }
          }),
        },
      }),
    [convert, key, t],
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
          <Button onClick={onAgain}>{t('wallet.convertAgain')}</Button>
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
