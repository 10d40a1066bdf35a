import { useState } from 'react';
import { useLedger, useLedgerExport, useLedgerTypes, type LedgerFilter } from '../../api/queries/wallet.ts';
import type { components } from '../../api/schema';
import { useMessage } from '../../i18n/use-message.ts';
import { usePaginationLabels } from '../../i18n/use-pagination-labels.ts';
import { Button } from '../../ui/button.tsx';
import { DataTable, numeric } from '../../ui/data-table.tsx';
import { Pagination, pageCountOf } from '../../ui/pagination.tsx';
import { Select } from '../../ui/select.tsx';
import { TextInput } from '../../ui/text-input.tsx';
import { ledgerCsv, formatAmount } from './wallet-format.ts';
import styles from './wallet.module.css';

type Schemas = components['schemas'];

/** Every movement of my money (Order/getList), filtered by type and month, paged, exported as CSV. */
export function OrdersSection() {
  const t = useMessage();
  const pageLabels = usePaginationLabels();
  const types = useLedgerTypes();
  const exportRows = useLedgerExport();
  const [type, setType] = useState<Schemas['LedgerEntryType'] | ''>('');
  const [month, setMonth] = useState('');
  const [page, setPage] = useState(1);
  const filter: LedgerFilter = { page, limit: 20, ...(type ? { type } : {}), ...(/^\d{4}-\d{2}$/.test(month) ? { month } : {}) };
  const ledger = useLedger(filter);
  const typeName = (value: string) => types.data?.find((option) => option.type === value)?.name ?? value;
  const walletName = (wallet: Schemas['WalletKind']) => t(`wallet.kind.${wallet}`);
  const download = async () => {
    const { page: _page, limit: _limit, ...all } = filter;
    const rows = await exportRows(all);
    const csv = ledgerCsv(rows, {
      header: [t('wallet.time'), t('wallet.orderNo'), t('wallet.type'), t('wallet.walletColumn'), t('wallet.amount'), t('wallet.balanceAfter')],
      typeName,
      walletName,
    });
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
    link.download = `pitchside-orders${month ? `-${month}` : ''}.csv`;
    link.click();
    URL.revokeObjectURL(link.href);
  };
  return (
    <div className={styles.section}>
      <div className={styles.row}>
        <Select
          label={t('wallet.type')}
          value={type}
          onChange={(value) => {
            setType(value);
            setPage(1);
          }}
          options={[{ value: '' as const, label: t('wallet.allTypes') }, ...(types.data ?? []).map((option) => ({ value: option.type, label: option.name }))]}
        />
        <TextInput
          label={t('wallet.month')}
          type="month"
          value={month}
          onChange={(value) => {
            setMonth(value);
            setPage(1);
          }}
        />
        <Button onClick={() => void download()}>{t('wallet.exportCsv')}</Button>
      </div>
      {ledger.data && ledger.data.list.length > 0 ? (
        <>
          <DataTable caption={t('wallet.orders')}>
            <thead>
              <tr>
                <th>{t('wallet.time')}</th>
                <th>{t('wallet.type')}</th>
                <th>{t('wallet.walletColumn')}</th>
                <th className={numeric}>{t('wallet.amount')}</th>
                <th className={numeric}>{t('wallet.balanceAfter')}</th>
              </tr>
            </thead>
            <tbody>
              {ledger.data.list.map((row) => (
                <tr key={row.id}>
                  <td className={styles.number}>{new Date(row.created_at * 1000).toLocaleString()}</td>
                  <td>{typeName(row.type)}</td>
                  <td>{walletName(row.wallet)}</td>
                  <td className={[numeric, row.amount > 0 ? styles.plus : styles.minus].join(' ')}>
                    {row.amount > 0 ? '+' : ''}
                    {formatAmount(row.amount)}
                  </td>
                  <td className={numeric}>{formatAmount(row.balance)}</td>
                </tr>
              ))}
            </tbody>
          </DataTable>
          <Pagination {...pageLabels} page={page} pageCount={pageCountOf(ledger.data.total, ledger.data.limit)} onChange={setPage} label={t('wallet.orders')} />
        </>
      ) : (
        <p className={styles.muted}>{ledger.isPending ? t('common.loading') : t('common.noData')}</p>
      )}
    </div>
  );
}
