import { useCallback } from 'react';
import { useAdminReports, useReviewReport } from '../../api/queries/admin.ts';
import type { components } from '../../api/schema';
import { useMessage } from '../../i18n/use-message.ts';
import { reportReviewMachine } from '../../machines/report-review-machine.ts';
import styles from './admin-page.module.css';
import { ReviewActionBar, type ReviewDecisionBody } from './review-action-bar.tsx';
import { ReviewQueueSection } from './review-queue-section.tsx';

type AdminReport = components['schemas']['AdminReport'];

/** Reported chat lines, comments, posts and videos under review, most reported first: remove or dismiss each. */
export function ReportReviewPanel() {
  const t = useMessage();
  return (
    <ReviewQueueSection headingId="admin-reports" title="admin.reports.title" empty="admin.reports.none" usePage={useAdminReports}>
      {(rows) => (
        <ul className={styles.applications} aria-label={t('admin.reports.title')}>
          {rows.map((row) => (
            <ReportItem key={row.id} row={row} />
          ))}
        </ul>
      )}
    </ReviewQueueSection>
  );
}

function ReportItem({ row }: { row: AdminReport }) {
  const t = useMessage();
  const review = useReviewReport();
  const decide = useCallback(
    (body: ReviewDecisionBody) => review(body.decision === 'approve' ? { id: row.id, decision: 'remove' } : { id: row.id, decision: 'dismiss', reason: body.reason }),
    [review, row.id],
  );
  const headingId = `report-${String(row.id)}`;
  return (
    <li className={styles.application} aria-labelledby={headingId}>
      <h3 id={headingId}>
        {t(`admin.reports.type.${row.target_type}`)} #{row.target_id}{' '}
        <span className={styles.muted}>{t('admin.reports.count', { count: row.report_count })}</span>
      </h3>
      <dl className={styles.facts}>
        <dt>{t('admin.reports.author')}</dt>
        <dd>
          <span data-user-content>{row.author_nickname}</span> <span className={styles.muted}>#{row.author_id}</span>
        </dd>
        <dt>{t('admin.reports.content')}</dt>
        <dd className={styles.experience} data-user-content>
          {row.excerpt}
        </dd>
        <dt>{t('admin.reports.reasons')}</dt>
        <dd>{row.reasons.map((reason) => t(`report.reason.${reason}`)).join(' · ')}</dd>
        {row.details.length > 0 && (
          <>
            <dt>{t('admin.reports.details')}</dt>
            <dd data-user-content>
              {row.details.map((detail, index) => (
                <p key={index} className={styles.detail}>
                  {detail}
                </p>
              ))}
            </dd>
          </>
        )}
        <dt>{t('admin.reports.firstReported')}</dt>
        <dd className={styles.number}>{new Date(row.created_at * 1000).toLocaleString()}</dd>
      </dl>
      <ReviewActionBar
        machine={reportReviewMachine}
        status={row.status}
        decide={decide}
        approveLabel="admin.reports.remove"
        refuseLabel="admin.reports.dismiss"
        outcomeLabels={{ approved: 'admin.reports.removed', refused: 'admin.reports.dismissed' }}
      />
    </li>
  );
}
