import { useCallback, type ReactNode } from 'react';
import type { MessageId } from '../../i18n/messages.ts';
import { useMessage } from '../../i18n/use-message.ts';
import type { ReviewStatus } from '../../machines/application-review-machine.ts';
import styles from './admin-page.module.css';
import { ReviewActionBar, type ReviewActionBarProps, type ReviewDecisionBody } from './review-action-bar.tsx';
import { ReviewQueueSection, type ReviewQueueSectionProps } from './review-queue-section.tsx';

/** What every role application shows and is reviewed by. */
export interface ApplicationRow {
  id: number;
  user_id: number;
  user_nickname: string;
  status: ReviewStatus;
  submitted_at: number;
}

/** The review call of a role's applications. */
type ReviewApplication = (body: { id: number } & ReviewDecisionBody) => Promise<unknown>;

export interface ApplicationReviewQueueProps<Row extends ApplicationRow> extends Omit<ReviewQueueSectionProps<Row>, 'children'> {
  /** Begins each application's heading id, unique on the page. */
  itemIdPrefix: string;
  machine: ReviewActionBarProps['machine'];
  review: ReviewApplication;
  approveLabel: MessageId;
  /** The application's own facts, as terms and descriptions; the time it was sent follows them. */
  children: (row: Row) => ReactNode;
}

/** A role's applications under review: each applicant, their facts and the decision bar. */
export function ApplicationReviewQueue<Row extends ApplicationRow>({
  itemIdPrefix,
  machine,
  review,
  approveLabel,
  children,
  ...section
}: ApplicationReviewQueueProps<Row>) {
  const t = useMessage();
  return (
    <ReviewQueueSection {...section}>
      {(rows) => (
        <ul className={styles.applications} aria-label={t(section.title)}>
          {rows.map((row) => (
            <ApplicationItem key={row.id} headingId={`${itemIdPrefix}-${String(row.id)}`} row={row} machine={machine} review={review} approveLabel={approveLabel}>
              {children(row)}
            </ApplicationItem>
          ))}
        </ul>
      )}
    </ReviewQueueSection>
  );
}

interface ApplicationItemProps {
  headingId: string;
  row: ApplicationRow;
  machine: ReviewActionBarProps['machine'];
  review: ReviewApplication;
  approveLabel: MessageId;
  children: ReactNode;
}

/** One application, driven by the review machine the server also checks each decision against. */
function ApplicationItem({ headingId, row, machine, review, approveLabel, children }: ApplicationItemProps) {
  const t = useMessage();
  const decide = useCallback((body: ReviewDecisionBody) => review({ id: row.id, ...body }), [review, row.id]);
  return (
    <li className={styles.application} aria-labelledby={headingId}>
      <h3 id={headingId}>
        <span data-user-content>{row.user_nickname}</span> <span className={styles.muted}>#{row.user_id}</span>
      </h3>
      <dl className={styles.facts}>
        {children}
        <dt>{t('anchorApply.submittedAt')}</dt>
        <dd className={styles.number}>{new Date(row.submitted_at * 1000).toLocaleString()}</dd>
      </dl>
      <ReviewActionBar machine={machine} status={row.status} decide={decide} approveLabel={approveLabel} />
    </li>
  );
}
