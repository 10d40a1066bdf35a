import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import { fromPromise } from 'xstate';
import { useAdminExpertApplications, useReviewExpertApplication } from '../../api/queries/expert.ts';
import type { components } from '../../api/schema';
import { useMessage } from '../../i18n/use-message.ts';
import { usePaginationLabels } from '../../i18n/use-pagination-labels.ts';
import { expertReviewMachine } from '../../machines/expert-review-machine.ts';
import { Button } from '../../ui/button.tsx';
import { Pagination, pageCountOf } from '../../ui/pagination.tsx';
import { TextInput } from '../../ui/text-input.tsx';
import styles from './admin-page.module.css';

type AdminExpertApplication = components['schemas']['AdminExpertApplication'];

/** The console's expert applications under review, oldest first (SPEC §4, §5). */
export function ExpertApplicationPanel() {
  const t = useMessage();
  const pageLabels = usePaginationLabels();
  const [page, setPage] = useState(1);
  const list = useAdminExpertApplications(page);
  return (
    <section className={styles.section} aria-labelledby="admin-expert-applications">
      <h2 id="admin-expert-applications">{t('admin.expertApplications')}</h2>
      {list.isError ? (
        <p role="alert">{t('admin.only')}</p>
      ) : !list.data ? (
        <p>{t('common.loading')}</p>
      ) : list.data.list.length === 0 ? (
        <p>{t('admin.noExpertApplicationsWaiting')}</p>
      ) : (
        <>
          <ul className={styles.applications} aria-label={t('admin.expertApplications')}>
            {list.data.list.map((row) => (
              <ExpertApplicationItem key={row.id} row={row} />
            ))}
          </ul>
          <Pagination
            {...pageLabels}
            page={page}
            pageCount={pageCountOf(list.data.total, list.data.limit)}
            onChange={setPage}
            label={t('admin.expertApplications')}
          />
        </>
      )}
    </section>
  );
}

/** One application, driven by the expert review machine the server also checks each decision against. */
function ExpertApplicationItem({ row }: { row: AdminExpertApplication }) {
  const t = useMessage();
  const review = useReviewExpertApplication();
  const logic = useMemo(
    () =>
      expertReviewMachine.provide({
        actors: {
          approve: fromPromise<void>(async () => {
            await review({ id: row.id, decision: 'approve' });
          }),
          refuse: fromPromise<void, { reason: string }>(async ({ input }) => {
            await review({ id: row.id, decision: 'refuse', reason: input.reason });
          }),
        },
      }),
    [review, row.id],
  );
  const actor = useActorRef(logic, { input: { status: row.status } });
  const state = useSelector(actor, (snapshot) => snapshot);
  const [reason, setReason] = useState('');
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
      {state.matches('approved') ? (
        <p role="status">{t('admin.approved')}</p>
      ) : state.matches('refused') ? (
        <p role="status">{t('admin.refused')}</p>
      ) : state.hasTag('busy') ? (
        <p>{t('admin.working')}</p>
      ) : (
        <div className={styles.actions}>
          <Button variant="primary" onClick={() => actor.send({ type: 'review.approve' })}>
            {t('admin.approveExpert')}
          </Button>
          <TextInput label={t('admin.reason')} hideLabel placeholder={t('admin.reason')} value={reason} onChange={setReason} maxLength={200} />
          <Button disabled={reason.trim() === ''} onClick={() => actor.send({ type: 'review.refuse', reason })}>
            {t('admin.refuse')}
          </Button>
          {state.context.failure && <span role="alert">{state.context.failure}</span>}
        </div>
      )}
    </li>
  );
}
