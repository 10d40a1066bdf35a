import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useOpenRedEnvelope, useRedEnvelope, useSendRedEnvelope } from '../../api/queries/chat.ts';
import { formatTime, fromTimestamp } from '../../i18n/relative-time.ts';
import { useMessage } from '../../i18n/use-message.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import styles from './chat-page.module.css';

/** A fresh Idempotency-Key for one send or open; kept while the dialog retries the same action. */
const actionKey = () => crypto.randomUUID();

/** The send dialog: total, shares (a group's), lucky or equal, greeting; the total leaves the wallet at once. */
export function SendRedEnvelopeDialog({ target, onClose }: { target: { group_id: number } | { to_uid: number }; onClose: () => void }) {
  const t = useMessage();
  const send = useSendRedEnvelope();
  const [key] = useState(actionKey);
  const [amount, setAmount] = useState('10');
  const [count, setCount] = useState('1');
  const [kind, setKind] = useState<'lucky' | 'equal'>('lucky');
  const [greeting, setGreeting] = useState('');
  const toGroup = 'group_id' in target;
  const shares = toGroup ? Number(count) : 1;
  const total = Number(amount);
  const valid = Number.isFinite(total) && total >= 0.1 * shares && Number.isInteger(shares) && shares >= 1 && shares <= 100;
  return (
    <Dialog
      open
      title={t('chat.redEnvelope')}
      onClose={onClose}
      closeLabel={t('common.close')}
      footer={
        <>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button
            variant="primary"
            disabled={!valid || send.isPending}
            onClick={() =>
              send.mutate(
                { ...target, key, total_amount: Math.round(total * 10) / 10, count: shares, kind, ...(greeting.trim() ? { greeting: greeting.trim() } : {}) },
                { onSuccess: onClose },
              )
            }
          >
            {t('chat.redEnvelopeSend')}
          </Button>
        </>
      }
    >
      <label className={styles.field}>
        <span>{t('chat.redEnvelopeAmount')}</span>
        <input inputMode="decimal" value={amount} onChange={(event) => setAmount(event.target.value)} />
      </label>
      {toGroup ? (
        <>
          <label className={styles.field}>
            <span>{t('chat.redEnvelopeCount')}</span>
            <input inputMode="numeric" value={count} onChange={(event) => setCount(event.target.value)} />
          </label>
          <fieldset className={styles.field}>
            <legend>{t('chat.redEnvelopeKind')}</legend>
            <label>
              <input type="radio" name="kind" checked={kind === 'lucky'} onChange={() => setKind('lucky')} /> {t('chat.redEnvelopeLucky')}
            </label>
            <label>
              <input type="radio" name="kind" checked={kind === 'equal'} onChange={() => setKind('equal')} /> {t('chat.redEnvelopeEqual')}
            </label>
          </fieldset>
        </>
      ) : null}
      <label className={styles.field}>
        <span>{t('chat.redEnvelopeGreeting')}</span>
        <input value={greeting} maxLength={30} placeholder="恭喜发财，大吉大利" onChange={(event) => setGreeting(event.target.value)} />
      </label>
    </Dialog>
  );
}

/** An envelope opened from its card: open it (once), then who got what. */
export function RedEnvelopeDialog({ redId, onClose }: { redId: number; onClose: () => void }) {
  const t = useMessage();
  const intl = useIntl();
  const detail = useRedEnvelope(redId);
  const open = useOpenRedEnvelope();
  const [key] = useState(actionKey);
  const envelope = detail.data;
  const canOpen = envelope && envelope.my_amount === null && envelope.status === 'active';
  return (
    <Dialog open title={envelope?.greeting ?? t('chat.redEnvelope')} onClose={onClose} closeLabel={t('common.close')}>
      {envelope ? (
        <div className={styles.envelope}>
          <p>
            {t('chat.redEnvelopeFrom', { name: envelope.sender.user_nickname })} · {envelope.total_amount} · {envelope.count - envelope.remaining_count}/
            {envelope.count}
          </p>
          {envelope.my_amount !== null ? <p className={styles.envelopeMine}>{t('chat.redEnvelopeGot', { amount: envelope.my_amount })}</p> : null}
          {envelope.status === 'expired' ? <p className={styles.muted}>{t('chat.redEnvelopeExpired')}</p> : null}
          {envelope.status === 'finished' && envelope.my_amount === null ? <p className={styles.muted}>{t('chat.redEnvelopeGone')}</p> : null}
          {canOpen ? (
            <Button variant="primary" disabled={open.isPending} onClick={() => open.mutate({ redId, key })}>
              {t('chat.redEnvelopeOpen')}
            </Button>
          ) : null}
          <ul className={styles.people}>
            {envelope.shares.map((share) => (
              <li key={share.user.id} className={styles.person}>
                <img className={styles.smallAvatar} src={share.user.avatar} alt="" width={28} height={28} />
                <span>{share.user.user_nickname}</span>
                <span className={styles.shareAmount}>{share.amount}</span>
                <span className={styles.muted}>{formatTime(intl, fromTimestamp(share.received_at))}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p className={styles.muted}>{t('common.loading')}</p>
      )}
    </Dialog>
  );
}
