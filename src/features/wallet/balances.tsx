import { useMessage } from '../../i18n/use-message.ts';
import { formatAmount } from './wallet-format.ts';
import styles from './wallet.module.css';

export interface BalancesProps {
  /** The consumer wallet, in yellow diamonds. */
  balance: number;
  /** The income wallet. */
  income: number;
  coins: number;
}

/** Both wallets and the coins, in fixed-width figures. */
export function Balances({ balance, income, coins }: BalancesProps) {
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
