import { useRef, useState } from 'react';
import { newActionKey, useChargeRules, useCreateTopUp, usePayChannels } from '../../api/queries/wallet.ts';
import { useMessage } from '../../i18n/use-message.ts';
import { Button } from '../../ui/button.tsx';
import { formatAmount } from './wallet-format.ts';
import styles from './wallet.module.css';

export interface TopUpSectionProps {
  /** The balance went up since the checkout was opened. */
  credited: boolean;
  /** Called when the checkout page is opened, so the balance is watched. */
  onCheckout: () => void;
}

/** Top-up (SPEC §2 /member type 1 isRecharge): a package, a channel, an order and its checkout page. */
export function TopUpSection({ credited, onCheckout }: TopUpSectionProps) {
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
  // The hint speaks of the page that opened: it waits until the checkout link has opened one.
  const [openedOrder, setOpenedOrder] = useState<string | null>(null);
  const choose = (set: (id: number) => void, id: number) => {
    set(id);
    key.current = newActionKey();
    create.reset();
  };
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
            <input type="radio" name="rule" checked={option.id === rule} onChange={() => choose(setRuleId, option.id)} />
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
            <input type="radio" name="channel" checked={option.id === channel} onChange={() => choose(setChannelId, option.id)} />
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
          <a
            href={order.pay_url}
            target="_blank"
            rel="noopener"
            onClick={() => {
              setOpenedOrder(order.order_no);
              onCheckout();
            }}
          >
            {t('wallet.goPay', { order: order.order_no })}
          </a>
        )}
      </div>
      {order && openedOrder === order.order_no && !credited && <p className={styles.muted}>{t('wallet.payHint')}</p>}
      {credited && <p role="status">{t('wallet.topUpDone')}</p>}
    </form>
  );
}
