import { useState, type FormEvent } from 'react';
import { useMemberInfo, useSiteConfig } from '../../api/queries/account.ts';
import { useLatestHorns, useSendHorn } from '../../api/queries/gifts.ts';
import { newActionKey } from '../../api/queries/wallet.ts';
import { ApiError } from '../../api/client.ts';
import { useMessage } from '../../i18n/use-message.ts';
import { useLoginRequest } from '../../realtime/login-request.tsx';
import { useStoredUser } from '../../realtime/stored-user.ts';
import styles from './room-horns.module.css';

/** A horn is news for this long; older ones are not shown in the room. */
export const hornShownMs = 5 * 60_000;
/** Member/sneHorn takes at most this many characters. */
const hornMaxLength = 50;

/** The horn strip of a room (issue 13): the newest site-wide horn, and a form to blow one. */
export function RoomHorns() {
  const t = useMessage();
  const user = useStoredUser();
  const openLogin = useLoginRequest();
  const horns = useLatestHorns();
  const me = useMemberInfo(user?.id ?? null);
  const config = useSiteConfig();
  const send = useSendHorn();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState('');
  const latest = horns.data?.list[0];
  // Measured against when the list was read, so a quiet site stops showing an old horn.
  const fresh = latest && horns.dataUpdatedAt - latest.created_at * 1000 < hornShownMs ? latest : undefined;
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
              <span className={styles.nick}>{fresh.user.user_nickname}</span>
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
