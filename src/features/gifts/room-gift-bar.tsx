import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { useMemberInfo } from '../../api/queries/account.ts';
import { useBackpack, useGiftList, useSendGift } from '../../api/queries/gifts.ts';
import { newActionKey } from '../../api/queries/wallet.ts';
import { ApiError } from '../../api/client.ts';
import { useMessage } from '../../i18n/use-message.ts';
import { useLoginRequest } from '../../realtime/login-request.tsx';
import { useStoredUser } from '../../realtime/stored-user.ts';
import { link } from '../../routes.ts';
import styles from './room-gift-bar.module.css';
import { RoomGuardShop } from './room-guard-shop.tsx';

/** The quantities offered with one press (the spec's sites offer these lucky numbers). */
export const giftQuantities = [1, 10, 66, 99, 188, 520, 1314] as const;

type Source = 'wallet' | 'backpack' | 'guard';

interface GiftChoice {
  id: number;
  name: string;
  icon: string;
  price: number;
  /** Pieces held, for the backpack. */
  count?: number;
}

export interface RoomGiftBarProps {
  roomId: number;
  /** The room's anchor, who receives the gifts. */
  anchorId: number;
}

/** The gift bar under the player: choose a gift and a quantity, from the shop or the backpack, and send it. */
export function RoomGiftBar({ roomId, anchorId }: RoomGiftBarProps) {
  const t = useMessage();
  const intl = useIntl();
  const user = useStoredUser();
  const openLogin = useLoginRequest();
  const gifts = useGiftList();
  const backpack = useBackpack(user !== null);
  const me = useMemberInfo(user?.id ?? null);
  const send = useSendGift();
  const [source, setSource] = useState<Source>('wallet');
  const [chosenId, setChosenId] = useState<number | null>(null);
  const [quantity, setQuantity] = useState<number>(1);
  const [shortOf, setShortOf] = useState<number | null>(null);

  const ownRoom = user !== null && user.id === anchorId;
  const choices: GiftChoice[] = source === 'wallet' ? (gifts.data ?? []) : source === 'backpack' ? (backpack.data ?? []) : [];
  const chosen = choices.find((gift) => gift.id === chosenId) ?? choices[0];
  const balance = me.data?.balance;
  const total = chosen ? Math.round(chosen.price * quantity * 10) / 10 : 0;
  const price = (amount: number) => intl.formatNumber(amount, { maximumFractionDigits: 1 });
  // A count of diamonds given to a plural message, which writes it out itself: to the tenth, as the wallet keeps it.
  const tenth = (amount: number) => Math.round(amount * 10) / 10;

  function submit() {
    if (!chosen || source === 'guard') return;
    if (!user) {
      openLogin();
      return;
    }
    send.reset();
    // The wallet would refuse it: say so at once, with the way to top up.
    if (source === 'wallet' && balance !== undefined && balance < total) {
      setShortOf(total);
      return;
    }
    setShortOf(null);
    send.mutate(
      { anchor_uid: anchorId, room_id: roomId, gift_id: chosen.id, count: quantity, source, key: newActionKey() },
      {
        onError: (error) => {
          if (source === 'wallet' && error instanceof ApiError && balance !== undefined && balance < total + 0.1) setShortOf(total);
        },
      },
    );
  }

  const failure = send.error instanceof ApiError ? send.error.msg : send.error ? t('common.loadFailed') : null;
  return (
    <section className={styles.bar} aria-labelledby="room-gifts-title">
      <header className={styles.header}>
        <h2 id="room-gifts-title" className={styles.title}>
          {t('gifts.title')}
        </h2>
        {user ? (
          <div className={styles.sources}>
            {(['wallet', 'backpack', 'guard'] as const).map((value) => (
              <button
                key={value}
                type="button"
                className={styles.source}
                aria-pressed={source === value}
                onClick={() => {
                  setSource(value);
                  setChosenId(null);
                  send.reset();
                  setShortOf(null);
                }}
              >
                {t(value === 'wallet' ? 'gifts.tab.shop' : value === 'backpack' ? 'gifts.tab.backpack' : 'gifts.tab.guard')}
              </button>
            ))}
          </div>
        ) : null}
        {balance !== undefined ? <span className={styles.balance}>{t('gifts.balance', { balance: tenth(balance) })}</span> : null}
      </header>
      {gifts.isError ? <p className={styles.note}>{t('gifts.loadFailed')}</p> : null}
      {source === 'backpack' && backpack.data?.length === 0 ? <p className={styles.note}>{t('gifts.emptyBackpack')}</p> : null}
      {source === 'guard' ? <RoomGuardShop anchorId={anchorId} ownRoom={ownRoom} balance={balance} /> : null}
      <div className={styles.gifts} role="radiogroup" aria-label={t('gifts.list')} hidden={source === 'guard'}>
        {choices.map((gift) => (
          <button
            key={gift.id}
            type="button"
            role="radio"
            aria-checked={gift.id === chosen?.id}
            className={styles.gift}
            onClick={() => {
              setChosenId(gift.id);
              setShortOf(null);
            }}
          >
            <img className={styles.icon} src={gift.icon} alt="" width={40} height={40} />
            <span className={styles.name}>{gift.name}</span>
            <span className={styles.price}>
              {source === 'backpack' && gift.count !== undefined ? t('gifts.owned', { count: gift.count }) : t('gifts.price', { price: tenth(gift.price) })}
            </span>
          </button>
        ))}
      </div>
      <div className={styles.actions} hidden={source === 'guard'}>
        <label className={styles.quantity}>
          <span>{t('gifts.quantity')}</span>
          <select value={quantity} onChange={(event) => setQuantity(Number(event.target.value))}>
            {giftQuantities.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className={styles.send} disabled={!chosen || ownRoom || send.isPending} onClick={submit}>
          {send.isPending ? t('gifts.sending') : t('gifts.send')}
        </button>
      </div>
      {ownRoom ? <p className={styles.note}>{t('gifts.ownRoom')}</p> : null}
      {!user ? <p className={styles.note}>{t('gifts.loginToSend')}</p> : null}
      {shortOf !== null ? (
        <p className={styles.error} role="alert">
          {t('gifts.insufficient', { total: price(shortOf) })}{' '}
          <Link className={styles.topUp} to={link('member', { type: 1, isRecharge: true })}>
            {t('gifts.topUp')}
          </Link>
        </p>
      ) : failure ? (
        <p className={styles.error} role="alert">
          {t('gifts.failed', { error: failure })}
        </p>
      ) : send.data ? (
        <p className={styles.sent} role="status">
          {t('gifts.sent', { name: chosen?.name ?? '', count: send.data.count })}
        </p>
      ) : null}
    </section>
  );
}
