import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { ApiError } from '../../api/client.ts';
import { useBuyGuard, useGuardTiers } from '../../api/queries/gifts.ts';
import { newActionKey } from '../../api/queries/wallet.ts';
import { useMessage } from '../../i18n/use-message.ts';
import { link } from '../../routes.ts';
import styles from './room-gift-bar.module.css';

/** Months a purchase may cover at once (guard_user/buy). */
const monthChoices = [1, 3, 6, 12] as const;

/** Guard for this room's anchor and site-wide nobility, bought from the consumer wallet. */
export function RoomGuardShop({ anchorId, ownRoom, balance }: { anchorId: number; ownRoom: boolean; balance: number | undefined }) {
  const t = useMessage();
  const intl = useIntl();
  const tiers = useGuardTiers(true);
  const buy = useBuyGuard();
  const [months, setMonths] = useState<number>(1);
  const [short, setShort] = useState(false);

  function purchase(tier: { id: number; kind: 'guard' | 'nobility'; price_per_month: number }) {
    buy.reset();
    const cost = tier.price_per_month * months;
    setShort(balance !== undefined && balance < cost);
    if (balance !== undefined && balance < cost) return;
    buy.mutate({ tier_id: tier.id, months, ...(tier.kind === 'guard' ? { anchor_uid: anchorId } : {}), key: newActionKey() });
  }

  return (
    <div className={styles.shop}>
      <label className={styles.quantity}>
        <span>{t('guard.months')}</span>
        <select value={months} onChange={(event) => setMonths(Number(event.target.value))}>
          {monthChoices.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </select>
      </label>
      <ul className={styles.tiers}>
        {(tiers.data ?? []).map((tier) => (
          <li key={tier.id} className={styles.tier}>
            <img className={styles.tierIcon} src={tier.icon} alt="" width={28} height={28} />
            <span className={styles.tierName}>
              {t(tier.kind === 'guard' ? 'guard.kind.guard' : 'guard.kind.nobility')} · {tier.name}
            </span>
            <span className={styles.price}>{t('guard.perMonth', { price: tier.price_per_month })}</span>
            <button type="button" className={styles.buy} disabled={buy.isPending || (tier.kind === 'guard' && ownRoom)} onClick={() => purchase(tier)}>
              {t('guard.buy')}
            </button>
          </li>
        ))}
      </ul>
      {short ? (
        <p className={styles.error} role="alert">
          {t('guard.insufficient')}{' '}
          <Link className={styles.topUp} to={link('member', { type: 1, isRecharge: true })}>
            {t('gifts.topUp')}
          </Link>
        </p>
      ) : buy.error ? (
        <p className={styles.error} role="alert">
          {t('gifts.failed', { error: buy.error instanceof ApiError ? buy.error.msg : t('common.loadFailed') })}
        </p>
      ) : buy.data ? (
        <p className={styles.sent} role="status">
          {t('guard.bought', { date: intl.formatDate(buy.data.expires_at * 1000, { year: 'numeric', month: '2-digit', day: '2-digit' }) })}
        </p>
      ) : null}
    </div>
  );
}
