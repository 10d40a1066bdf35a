import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ApiError } from '../../api/client.ts';
import { useMemberInfo } from '../../api/queries/account.ts';
import { useExchangeGoods, useExchangeRecords, useGoodsList } from '../../api/queries/tasks.ts';
import type { components } from '../../api/schema';
import { useMessage } from '../../i18n/use-message.ts';
import { usePaginationLabels } from '../../i18n/use-pagination-labels.ts';
import { useStoredUser } from '../../realtime/stored-user.ts';
import { Button } from '../../ui/button.tsx';
import { DataTable, numeric } from '../../ui/data-table.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { GoodsCard } from '../../ui/goods-card.tsx';
import { Pagination, pageCountOf } from '../../ui/pagination.tsx';
import { TextInput } from '../../ui/text-input.tsx';
import styles from './mall.module.css';

type Goods = components['schemas']['MallGoods'];
type GoodsKind = components['schemas']['MallGoodsKind'];

const goodsPageSize = 12;
const recordsPageSize = 10;
const kinds = ['all', 'gift', 'horn', 'physical'] as const satisfies readonly (GoodsKind | 'all')[];
/** goods/exchange takes 1 to 99 pieces at a time (openapi.yaml). */
const maxCount = 99;
/** The contract's receiver_phone: digits, +, space and dash, 5 to 20 of them. */
const phonePattern = /^[0-9+ -]{5,20}$/;

/** Fresh Idempotency-Key for one exchange the user asks for (retried with the same key). */
const newExchangeKey = () => crypto.randomUUID();

/** The exchange mall (goods/goodsList, goods/exchange, goods/exchangeRecords): goods paid for in coins, and my exchanges. */
export function ExchangeMall() {
  const t = useMessage();
  const pageLabels = usePaginationLabels();
  const me = useMemberInfo(useStoredUser()?.id ?? null);
  const [kind, setKind] = useState<(typeof kinds)[number]>('all');
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<Goods | null>(null);
  const goods = useGoodsList({ page, limit: goodsPageSize, ...(kind === 'all' ? {} : { kind }) }, { keepPrevious: true });
  const coins = me.data?.coins ?? 0;

  return (
    <section className={styles.mall} aria-labelledby="mall-heading">
      <div className={styles.header}>
        <h2 id="mall-heading">{t('mall.title')}</h2>
        <span className={styles.coins}>{t('mall.myCoins', { coins })}</span>
      </div>
      <div className={styles.kinds} role="group" aria-label={t('mall.kinds')}>
        {kinds.map((option) => (
          <button
            key={option}
            type="button"
            className={styles.kind}
            aria-pressed={option === kind}
            onClick={() => {
              setKind(option);
              setPage(1);
            }}
          >
            {t(`mall.kind.${option}`)}
          </button>
        ))}
      </div>
      {goods.data && goods.data.list.length > 0 ? (
        <>
          <ul className={styles.grid} aria-label={t('mall.title')}>
            {goods.data.list.map((item) => {
              const soldOut = item.stock === 0;
              return (
                <li key={item.id}>
                  <GoodsCard
                    name={item.name}
                    img={item.img}
                    description={item.description}
                    kindLabel={t(`mall.kind.${item.kind}`)}
                    priceLabel={t('mall.price', { coins: item.lz_num })}
                    stockLabel={item.stock === null ? t('mall.stockUnlimited') : t('mall.stock', { count: item.stock })}
                    limitLabel={item.limit_per_user === null ? undefined : t('mall.limit', { count: item.limit_per_user })}
                    actionLabel={soldOut ? t('mall.soldOut') : t('mall.exchange')}
                    soldOut={soldOut}
                    onExchange={() => setChosen(item)}
                  />
                </li>
              );
            })}
          </ul>
          <Pagination
            {...pageLabels}
            page={page}
            pageCount={pageCountOf(goods.data.total, goods.data.limit)}
            onChange={setPage}
            label={t('mall.goodsPages')}
          />
        </>
      ) : (
        <EmptyState title={goods.isPending ? t('common.loading') : t('common.noData')} busy={goods.isPending} />
      )}
      {chosen && <ExchangeDialog key={chosen.id} goods={chosen} coins={coins} onClose={() => setChosen(null)} />}
      <ExchangeRecords />
    </section>
  );
}

interface ExchangeDialogProps {
  goods: Goods;
  /** The coins the user has now. */
  coins: number;
  onClose: () => void;
}

/** How many pieces, the receiver for physical goods, the total against the coins; then the outcome. */
function ExchangeDialog({ goods, coins, onClose }: ExchangeDialogProps) {
  const t = useMessage();
  const exchange = useExchangeGoods();
  const [countText, setCountText] = useState('1');
  const [receiver, setReceiver] = useState({ name: '', phone: '', address: '' });
  const [incomplete, setIncomplete] = useState(false);
  // One key per request the user makes: pressing confirm again after a lost answer repeats it, any
  // change to what is asked is a new request.
  const key = useRef(newExchangeKey());
  const most = Math.max(1, Math.min(maxCount, goods.stock ?? maxCount, goods.limit_per_user ?? maxCount));
  // What is typed stays as typed (a cleared field stays empty); only a whole number in range is sent.
  const count = /^\d{1,3}$/.test(countText) && Number(countText) >= 1 && Number(countText) <= most ? Number(countText) : null;
  const total = Math.round(goods.lz_num * (count ?? 0) * 10) / 10;
  const short = total > coins;
  const physical = goods.kind === 'physical';
  const done = exchange.data;
  const closeAfter = useRef<HTMLButtonElement>(null);
  // The confirm button goes with the form: the focus moves to the outcome's button, so it stays in the dialog (and Escape works).
  useEffect(() => {
    if (done) closeAfter.current?.focus();
  }, [done]);

  function change(update: () => void) {
    update();
    key.current = newExchangeKey();
    setIncomplete(false);
    exchange.reset();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (count === null || short || exchange.isPending) return;
    const filled = { name: receiver.name.trim(), phone: receiver.phone.trim(), address: receiver.address.trim() };
    if (physical && (filled.name === '' || filled.address === '' || !phonePattern.test(filled.phone))) {
      // SPEC §5: an incomplete form says 'Please complete the information before submitting'.
      setIncomplete(true);
      return;
    }
    exchange.mutate({
      goods_id: goods.id,
      count,
      key: key.current,
      ...(physical ? { receiver_name: filled.name, receiver_phone: filled.phone, receiver_address: filled.address } : {}),
    });
  }

  return (
    <Dialog
      open
      title={t('mall.dialogTitle', { name: goods.name })}
      description={t(`mall.delivery.${goods.kind}`)}
      onClose={onClose}
      closeLabel={t('common.close')}
      width={460}
    >
      {done ? (
        <div className={styles.outcome}>
          <p role="status" className={styles.success}>
            {t('mall.done')}
          </p>
          <p className={styles.figure}>{t('mall.coinsAfter', { coins: done.coins })}</p>
          <div className={styles.actions}>
            <Button ref={closeAfter} variant="primary" onClick={onClose}>
              {t('common.close')}
            </Button>
          </div>
        </div>
      ) : (
        <form className={styles.form} onSubmit={submit} noValidate>
          <div className={styles.summary}>
            <img src={goods.img} alt="" width={56} height={56} />
            <div>
              <p className={styles.figure}>{t('mall.price', { coins: goods.lz_num })}</p>
              <p className={styles.muted}>
                {goods.stock === null ? t('mall.stockUnlimited') : t('mall.stock', { count: goods.stock })}
                {goods.limit_per_user === null ? '' : ` · ${t('mall.limit', { count: goods.limit_per_user })}`}
              </p>
            </div>
          </div>
          <label className={styles.count}>
            <span>{t('mall.count')}</span>
            <input
              type="number"
              inputMode="numeric"
              min={1}
              max={most}
              value={countText}
              aria-invalid={count === null}
              aria-describedby={count === null ? 'mall-count-range' : undefined}
              onChange={(event) => {
                const text = event.currentTarget.value;
                change(() => setCountText(text));
              }}
            />
            {count === null && (
              <span id="mall-count-range" className={styles.muted}>
                {t('mall.countRange', { most })}
              </span>
            )}
          </label>
          {physical && (
            <fieldset className={styles.receiver}>
              <TextInput label={t('mall.receiverName')} value={receiver.name} maxLength={30} onChange={(name) => change(() => setReceiver({ ...receiver, name }))} />
              <TextInput
                label={t('mall.receiverPhone')}
                type="tel"
                value={receiver.phone}
                maxLength={20}
                onChange={(phone) => change(() => setReceiver({ ...receiver, phone }))}
              />
              <TextInput
                label={t('mall.receiverAddress')}
                value={receiver.address}
                maxLength={200}
                onChange={(address) => change(() => setReceiver({ ...receiver, address }))}
              />
            </fieldset>
          )}
          <p className={styles.total}>
            <span className={styles.figure}>{t('mall.total', { coins: total })}</span>
            <span className={styles.muted}>{t('mall.myCoins', { coins })}</span>
          </p>
          {short && (
            <p role="alert" className={styles.problem}>
              {t('mall.notEnoughCoins')}
            </p>
          )}
          {incomplete && (
            <p role="alert" className={styles.problem}>
              {t('mall.completeInfo')}
            </p>
          )}
          {exchange.error && (
            <p role="alert" className={styles.problem}>
              {exchange.error instanceof ApiError ? exchange.error.msg : t('common.loadFailed')}
            </p>
          )}
          <div className={styles.actions}>
            <Button onClick={onClose}>{t('common.cancel')}</Button>
            <Button type="submit" variant="primary" disabled={count === null || short || exchange.isPending}>
              {exchange.isPending ? t('mall.exchanging') : t('mall.confirm')}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}

/** My exchanges, newest first, paged. */
function ExchangeRecords() {
  const t = useMessage();
  const pageLabels = usePaginationLabels();
  const [page, setPage] = useState(1);
  const records = useExchangeRecords({ page, limit: recordsPageSize }, { keepPrevious: true });
  return (
    <section className={styles.records} aria-labelledby="mall-records-heading">
      <h3 id="mall-records-heading">{t('mall.records')}</h3>
      {records.data && records.data.list.length > 0 ? (
        <>
          <DataTable caption={t('mall.records')}>
            <thead>
              <tr>
                <th>{t('mall.recordTime')}</th>
                <th>{t('mall.recordGoods')}</th>
                <th className={numeric}>{t('mall.count')}</th>
                <th className={numeric}>{t('mall.recordCoins')}</th>
                <th>{t('mall.recordStatus')}</th>
              </tr>
            </thead>
            <tbody>
              {records.data.list.map((record) => (
                <tr key={record.id}>
                  <td className={styles.figure}>{new Date(record.created_at * 1000).toLocaleString()}</td>
                  <td>
                    <span className={styles.recordGoods}>
                      <img src={record.goods_img} alt="" width={24} height={24} />
                      {record.goods_name}
                    </span>
                  </td>
                  <td className={numeric}>{record.count}</td>
                  <td className={numeric}>-{record.lz_num}</td>
                  <td>{t(`mall.status.${record.status}`)}</td>
                </tr>
              ))}
            </tbody>
          </DataTable>
          <Pagination
            {...pageLabels}
            page={page}
            pageCount={pageCountOf(records.data.total, records.data.limit)}
            onChange={setPage}
            label={t('mall.recordPages')}
          />
        </>
      ) : (
        <p className={styles.muted}>{records.isPending ? t('common.loading') : t('common.noData')}</p>
      )}
    </section>
  );
}
