import { useEffect, useState, type FormEvent } from 'react';
import { useMemberInfo, useSiteConfig } from '../../api/queries/account.ts';
import { useLatestHorns, useRefreshLatestHorns, useSendHorn, useShowPushedHorn } from '../../api/queries/gifts.ts';
import { newActionKey } from '../../api/queries/wallet.ts';
import { ApiError } from '../../api/client.ts';
import { useMessage } from '../../i18n/use-message.ts';
import { useLoginRequest } from '../../realtime/login-request.tsx';
import { useMessaging } from '../../realtime/messaging-context.tsx';
import { useStoredUser } from '../../realtime/stored-user.ts';
import styles from './room-horns.module.css';

/** A horn is news for this long; older ones are not shown in the room. */
export const hornShownMs = 5 * 60_000;
/** Member/sneHorn takes at most this many characters. */
const hornMaxLength = 50;

/** The horn strip of a room: the newest site-wide horn, and a form to blow one. */
export function RoomHorns() {
  const t = useMessage();
  const user = useStoredUser();
  const openLogin = useLoginRequest();
  const messaging = useMessaging();
  const horns = useLatestHorns({ pushed: () => messaging.pushesHorns });
  const showPushedHorn = useShowPushedHorn();
  const refreshHorns = useRefreshLatestHorns();
  useEffect(
    () =>
      messaging.subscribe((event) => {
        if (event.type === 'horn') showPushedHorn(event.horn);
        else if (event.type === 'reconnected') refreshHorns();
      }),
    [messaging, showPushedHorn, refreshHorns],
  );
  const me = useMemberInfo(user?.id ?? null);
  const config = useSiteConfig();
  const send = useSendHorn();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState('');
  const latest = horns.data?.list[0];
  // Horns arrive when blown, not on a timer, so an old one leaves the strip by its own clock.
  const [expiredId, setExpiredId] = useState(0);
  useEffect(() => {
    if (!latest) return;
    const timer = setTimeout(() => setExpiredId(latest.id), Math.max(0, latest.created_at * 1000 + hornShownMs - Date.now()));
    return () => clearTimeout(timer);
  }, [latest]);
  const fresh = latest && latest.id !== expiredId ? latest : undefined;
  const freeHorns = me.data?.free_horns ?? 0;

  function submit(event: FormEvent) {
    event.preventDefault();
    const content = draft.trim();
    if (!content) return;
    send.mutate({ content, key: newActionKey() }, { onSuccess: () => setDraft('') });
  }

  return (
    <div className={styles.horns}>
      <div className={styles.strip}>
        <span className={styles.label}>{t('horns.label')}</span>
        <p className={styles.latest} role="status" aria-label={t('horns.latest')}>
          {fresh ? (
            <>
              <span className={styles.nick} data-user-content>
                {fresh.user.user_nickname}
              </span>
              {/* User text goes in as a text node: never markup. */}
              <span>{fresh.content}</span>
            </>
          ) : (
            <span className={styles.quiet}>{t('horns.none')}</span>
          )}
        </p>
        <button type="button" className={styles.toggle} aria-expanded={open} onClick={() => (user ? setOpen(!open) : openLogin())}>
          {t('horns.blow')}
        </button>
      </div>
      {open && user ? (
        <form className={styles.form} onSubmit={submit} aria-label={t('horns.blow')}>
          <input
            className={styles.input}
            value={draft}
            maxLength={hornMaxLength}
            onChange={(event) => setDraft(event.target.value)}
            aria-label={t('horns.input')}
            placeholder={t('horns.placeholder')}
          />
          <button type="submit" className={styles.send} disabled={send.isPending || draft.trim() === ''}>
            {t('horns.send')}
          </button>
          <span className={styles.cost}>
            {freeHorns > 0 ? t('horns.free', { count: freeHorns }) : t('horns.price', { price: config.data?.horn_price ?? 0 })}
          </span>
          {send.error ? (
            <span className={styles.error} role="alert">
              {send.error instanceof ApiError ? send.error.msg : t('common.loadFailed')}
            </span>
          ) : null}
        </form>
      ) : null}
    </div>
  );
}
