import { useAdminHeadlines, useReviewHeadline } from '../api/queries/content.ts';
import { ApplicationReviewQueue } from '../features/admin/application-review-queue.tsx';
import { useMessage } from '../i18n/use-message.ts';
import { headlineReviewMachine } from '../machines/headline-review-machine.ts';

/**
 * The console's articles sent by users (Headlines_user/insert), oldest first, each approved (published
 * on /news) or refused with a reason, through the headline review machine the server also checks.
 */
export function HeadlineReviewPanel() {
  const t = useMessage();
  const review = useReviewHeadline();
  return (
    <ApplicationReviewQueue
      headingId="admin-headlines"
      title="admin.headlines"
      empty="admin.noHeadlinesWaiting"
      usePage={useAdminHeadlines}
      itemIdPrefix="headline"
      machine={headlineReviewMachine}
      review={review}
      approveLabel="admin.approveHeadline"
    >
      {(row) => (
        <>
          <dt>{t('news.form.headline')}</dt>
          <dd data-user-content>{row.title}</dd>
          <dt>{t('admin.headlineCategory')}</dt>
          <dd>{row.classify_name}</dd>
          <dt>{t('admin.headlineText')}</dt>
          <dd data-user-content style={{ whiteSpace: 'pre-wrap' }}>
            {row.content}
          </dd>
        </>
      )}
    </ApplicationReviewQueue>
  );
}
