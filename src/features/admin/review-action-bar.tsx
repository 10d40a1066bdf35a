import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import { fromPromise, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate';
import type { MessageId } from '../../i18n/messages.ts';
import { useMessage } from '../../i18n/use-message.ts';
import type { ReviewStatus } from '../../machines/application-review-machine.ts';
import type { anchorReviewMachine } from '../../machines/anchor-review-machine.ts';
import type { expertReviewMachine } from '../../machines/expert-review-machine.ts';
import type { ReportStatus, reportReviewMachine } from '../../machines/report-review-machine.ts';
import type { headlineReviewMachine } from '../../machines/headline-review-machine.ts';
import type { videoReviewMachine } from '../../machines/video-review-machine.ts';
import type { withdrawalReviewMachine } from '../../machines/withdrawal-review-machine.ts';
import { Button } from '../../ui/button.tsx';
import { TextInput } from '../../ui/text-input.tsx';
import styles from './admin-page.module.css';

/** An admin's decision on one item under review, as the review calls take it. */
export type ReviewDecisionBody = { decision: 'approve' } | { decision: 'refuse'; reason: string };

/** The approve and refuse actors of a review machine, each sending its decision through `decide`. */
function reviewDecisionActors(decide: (body: ReviewDecisionBody) => Promise<unknown>) {
  return {
    approve: fromPromise<void>(async () => {
      await decide({ decision: 'approve' });
    }),
    refuse: fromPromise<void, { reason: string }>(async ({ input }) => {
      await decide({ decision: 'refuse', reason: input.reason });
    }),
  };
}

/** The review machines the bar drives: a withdrawal's, a role application's, a sent article's, reported content's or a video's. */
type DecisionMachine =
  | typeof withdrawalReviewMachine
  | typeof anchorReviewMachine
  | typeof expertReviewMachine
  | typeof headlineReviewMachine
  | typeof reportReviewMachine
  | typeof videoReviewMachine;

interface DecisionView {
  outcome: 'approved' | 'refused' | null;
  busy: boolean;
  failure: string | null;
}

export interface ReviewActionBarProps {
  /** The review machine of the item; the server checks each decision against the same graph. */
  machine: DecisionMachine;
  /** The item's review status as the list call gave it. */
  status: ReviewStatus | ReportStatus;
  /** Sends a decision to the server. */
  decide: (body: ReviewDecisionBody) => Promise<unknown>;
  /** The approve button's words, naming what approval gives. */
  approveLabel: MessageId;
  /** Told in a table cell rather than a list item, so the outcome is a span, not a paragraph. */
  inline?: boolean;
  /** The refuse button's words, when refusing is not what it is called (dismissing a report). */
  refuseLabel?: MessageId;
  /** What is said once approved and once refused, when those words do not fit (removed, dismissed). */
  outcomeLabels?: { approved: MessageId; refused: MessageId };
}

/** The approve / reason / refuse bar of an item under review, or how its review went. */
export function ReviewActionBar({ machine, status, decide, approveLabel, inline = false, refuseLabel = 'admin.refuse', outcomeLabels }: ReviewActionBarProps) {
  const t = useMessage();
  // The three machines share the decision events and states; the bar reads only those.
  const logic = useMemo(() => (machine as AnyStateMachine).provide({ actors: reviewDecisionActors(decide) }), [machine, decide]);
  const actor = useActorRef(logic, { input: { status } });
  const view = useSelector(
    actor,
    (snapshot: AnyMachineSnapshot): DecisionView => ({
      outcome: snapshot.matches('approved') || snapshot.matches('paid') || snapshot.matches('removed') ? 'approved' : snapshot.matches('refused') ? 'refused' : null,
      busy: snapshot.hasTag('busy'),
      failure: (snapshot.context as { failure: string | null }).failure,
    }),
    (a, b) => a.outcome === b.outcome && a.busy === b.busy && a.failure === b.failure,
  );
  const [reason, setReason] = useState('');
  const Note = inline ? 'span' : 'p';
  if (view.outcome === 'approved') return <Note role="status">{t(outcomeLabels?.approved ?? 'admin.approved')}</Note>;
  if (view.outcome === 'refused') return <Note role="status">{t(outcomeLabels?.refused ?? 'admin.refused')}</Note>;
  if (view.busy) return <Note>{t('admin.working')}</Note>;
  return (
    <div className={styles.actions}>
      <Button variant="primary" onClick={() => actor.send({ type: 'review.approve' })}>
        {t(approveLabel)}
      </Button>
      <TextInput label={t('admin.reason')} hideLabel placeholder={t('admin.reason')} value={reason} onChange={setReason} maxLength={200} />
      <Button disabled={reason.trim() === ''} onClick={() => actor.send({ type: 'review.refuse', reason })}>
        {t(refuseLabel)}
      </Button>
      {view.failure && <span role="alert">{view.failure}</span>}
    </div>
  );
}
