import { useCallback } from 'react';
import { useAdminExpertApplications, useReviewExpertApplication } from '../../api/queries/expert.ts';
import type { components } from '../../api/schema';
import { useMessage } from '../../i18n/use-message.ts';
import { expertReviewMachine } from '../../machines/expert-review-machine.ts';
import styles from './admin-page.module.css';
import { ReviewActionBar, type ReviewDecisionBody } from './review-action-bar.tsx';
import { ReviewQueueSection } from './review-queue-section.tsx';

type AdminExpertApplication = components['schemas']['AdminExpertApplication'];

/** The console's expert applications under review, oldest first (SPEC §4, §5). */
export function ExpertApplicationPanel() {
  const t = useMessage();
  return (
    <ReviewQueueSection
      headingId="admin-expert-applications"
      title="admin.expertApplications"
      empty="admin.noExpertApplicationsWaiting"
      usePage={useAdminExpertApplications}
    >
      {(rows) => (
        <ul className={styles.applications} aria-label={t('admin.expertApplications')}>
          {rows.map((row) => (
            <ExpertApplicationItem key={row.id} row={row} />
          ))}
        </ul>
      )}
    </ReviewQueueSection>
  );
}

/** One application, driven by the expert review machine the server also checks each decision against. */
function ExpertApplicationItem({ row }: { row: AdminExpertApplication }) {
  const t = useMessage();
  const review = useReviewExpertApplication();
  const decide = useCallback((body: ReviewDecisionBody) => review({ id: row.id, ...body }), [review, row.id]);
  const headingId = `expert-application-${String(row.id)}`;
  return (
    <li className={styles.application} aria-labelledby={headingId}>
      <h3 id={headingId}>
        {row.user_nickname} <span className={styles.muted}>#{row.user_id}</span>
      </h3>
      <dl className={styles.facts}>
        <dt>{t('expert.apply.speciality')}</dt>
        <dd>{t(`expert.sport.${row.speciality}`)}</dd>
        <dt>{t('expert.apply.experience')}</dt>
        <dd className={styles.experience}>{row.experience}</dd>
        <dt>{t('anchorApply.submittedAt')}</dt>
        <dd className={styles.number}>{new Date(row.submitted_at * 1000).toLocaleString()}</dd>
      </dl>
      <ReviewActionBar machine={expertReviewMachine} status={row.status} decide={decide} approveLabel="admin.approveExpert" />
    </li>
  );
}
