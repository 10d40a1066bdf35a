import { useState } from 'react';
import { useAuditLog } from '../../api/queries/admin.ts';
import { useMessage } from '../../i18n/use-message.ts';
import { usePaginationLabels } from '../../i18n/use-pagination-labels.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { Pagination, pageCountOf } from '../../ui/pagination.tsx';
import styles from './admin-page.module.css';

const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value, null, 1));

/** Every admin action, newest first, and whether the hash chain still holds (an entry changed afterwards breaks it). */
export function AuditLogPanel() {
  const t = useMessage();
  const pageLabels = usePaginationLabels();
  const [page, setPage] = useState(1);
  const log = useAuditLog(page);
  return (
    <section className={styles.section} aria-labelledby="admin-audit">
      <h2 id="admin-audit">{t('admin.tab.audit')}</h2>
      {log.isError ? (
        <p role="alert">{t('admin.only')}</p>
      ) : !log.data ? (
        <p>{t('common.loading')}</p>
      ) : (
        <>
          <p role="status" className={log.data.chain_intact ? undefined : styles.broken}>
            {log.data.chain_intact ? t('admin.audit.intact') : t('admin.audit.broken')}
          </p>
          <DataTable caption={t('admin.tab.audit')} className={styles.userCards}>
            <thead>
              <tr>
                <th>{t('wallet.time')}</th>
                <th>{t('admin.audit.who')}</th>
                <th>{t('admin.audit.action')}</th>
                <th>{t('admin.audit.target')}</th>
                <th>{t('admin.audit.change')}</th>
                <th>{t('admin.audit.reason')}</th>
                <th>{t('admin.audit.origin')}</th>
              </tr>
            </thead>
            <tbody>
              {log.data.list.map((entry) => (
                <tr key={entry.id}>
                  <td className={styles.number} data-label={t('wallet.time')}>
                    {new Date(entry.at * 1000).toLocaleString()}
                  </td>
                  <td data-label={t('admin.audit.who')}>
                    {entry.admin_nickname} <span className={styles.muted}>({entry.admin_role})</span>
                  </td>
                  <td data-label={t('admin.audit.action')}>{entry.action}</td>
                  <td data-label={t('admin.audit.target')}>
                    {entry.target_type} #{entry.target_id}
                  </td>
                  <td data-label={t('admin.audit.change')}>
                    <pre className={styles.json}>{json(entry.before)}</pre>→<pre className={styles.json}>{json(entry.after)}</pre>
                  </td>
                  <td data-label={t('admin.audit.reason')}>{entry.reason}</td>
                  <td data-label={t('admin.audit.origin')}>
                    <span className={styles.number}>{entry.address}</span>
                    <br />
                    <span className={styles.hash} title={entry.hash}>
                      {entry.request_id} · {entry.hash.slice(0, 12)}
                    </span>
                    {!entry.intact && <strong className={styles.broken}> {t('admin.audit.entryBroken')}</strong>}
                  </td>
                </tr>
              ))}
            </tbody>
          </DataTable>
          <Pagination {...pageLabels} page={page} pageCount={pageCountOf(log.data.total, log.data.limit)} onChange={setPage} label={t('admin.tab.audit')} />
        </>
      )}
    </section>
  );
}
