import { useState } from 'react';
import { fromPromise } from 'xstate';
import type { MessageId } from '../../i18n/messages.ts';
import { useMessage } from '../../i18n/use-message.ts';
import { Button } from '../../ui/button.tsx';
import { TextInput } from '../../ui/text-input.tsx';
import styles from './admin-page.module.css';

/** An admin's decision on one item under review, as the review calls take it. */
export type ReviewDecisionBody = { decision: 'approve' } | { decision: 'refuse'; reason: string };

/** The approve and refuse actors of a review machine, each sending its decision through `decide`. */
export function reviewDecisionActors(decide: (body: ReviewDecisionBody) => Promise<unknown>) {
  return {
    approve: fromPromise<void>(async () => {
      await decide({ decision: 'approve' });
    }),
    refuse: fromPromise<void, { reason: string }>(async ({ input }) => {
      await decide({ decision: 'refuse', reason: input.reason });
    }),
  };
}

export interface ReviewActionBarProps {
  /** How the review ended; null while it is still to be decided. */
  outcome: 'approved' | 'refused' | null;
  /** A decision is on its way. */
  busy: boolean;
  /** Why the last decision did not go through. */
  failure: string | null;
  /** The approve button's words, naming what approval gives. */
  approveLabel: MessageId;
  onApprove: () => void;
  onRefuse: (reason: string) => void;
  /** Told in a table cell rather than a list item, so the outcome is a span, not a paragraph. */
  inline?: boolean;
}

/** The approve / reason / refuse bar of an item under review, or how its review went. */
export function ReviewActionBar({ outcome, busy, failure, approveLabel, onApprove, onRefuse, inline = false }: ReviewActionBarProps) {
  const t = useMessage();
  const [reason, setReason] = useState('');
  const Note = inline ? 'span' : 'p';
  if (outcome === 'approved') return <Note role="status">{t('admin.approved')}</Note>;
  if (outcome === 'refused') return <Note role="status">{t('admin.refused')}</Note>;
  if (busy) return <Note>{t('admin.working')}</Note>;
  return (
    <div className={styles.actions}>
      <Button variant="primary" onClick={onApprove}>
        {t(approveLabel)}
      </Button>
      <TextInput label={t('admin.reason')} hideLabel placeholder={t('admin.reason')} value={reason} onChange={setReason} maxLength={200} />
      <Button disabled={reason.trim() === ''} onClick={() => onRefuse(reason)}>
        {t('admin.refuse')}
      </Button>
      {failure && <span role="alert">{failure}</span>}
    </div>
  );
}
