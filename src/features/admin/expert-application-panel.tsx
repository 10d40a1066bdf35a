import { useAdminExpertApplications, useReviewExpertApplication } from '../../api/queries/expert.ts';
import { useMessage } from '../../i18n/use-message.ts';
import { expertReviewMachine } from '../../machines/expert-review-machine.ts';
import styles from './admin-page.module.css';
import { ApplicationReviewQueue } from './application-review-queue.tsx';

/** The console's expert applications under review, oldest first (SPEC §4, §5). */
export function ExpertApplicationPanel() {
  const t = useMessage();
  const review = useReviewExpertApplication();
  return (
    <ApplicationReviewQueue
      headingId="admin-expert-applications"
      title="admin.expertApplications"
      empty="admin.noExpertApplicationsWaiting"
      usePage={useAdminExpertApplications}
      itemIdPrefix="expert-application"
      machine={expertReviewMachine}
      review={review}
      approveLabel="admin.approveExpert"
    >
      {(row) => (
        <>
          <dt>{t('expert.apply.speciality')}</dt>
          <dd>{t(`expert.sport.${row.speciality}`)}</dd>
          <dt>{t('expert.apply.experience')}</dt>
          <dd className={styles.experience} data-user-content>
            {row.experience}
          </dd>
        </>
      )}
    </ApplicationReviewQueue>
  );
}
