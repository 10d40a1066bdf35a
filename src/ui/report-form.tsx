import { useState } from 'react';
import { Button } from './button.tsx';
import { Form } from './form.tsx';
import styles from './report-form.module.css';
import { Select } from './select.tsx';
import { TextInput } from './text-input.tsx';

/** Why content is reported: the contract's ReportReason. */
export type ReportReason = 'spam' | 'abuse' | 'porn' | 'illegal' | 'other';
const reasons: readonly ReportReason[] = ['spam', 'abuse', 'porn', 'illegal', 'other'];

/** The words of the report form, in the reader's language. */
export interface ReportFormLabels {
  title: string;
  reason: string;
  detail: string;
  send: string;
  cancel: string;
  /** Each reason's name. */
  reasons: Readonly<Record<ReportReason, string>>;
}

export interface ReportFormProps {
  /** The form's words. */
  labels: ReportFormLabels;
  /** Sends the report. */
  onSend: (report: { reason: ReportReason; detail: string }) => void;
  /** Closes the form without sending. */
  onCancel: () => void;
  /** Greys the send button out while the report is sent. */
  busy?: boolean;
  /** Why the report did not go through, or null. */
  problem?: string | null;
  /** Said once the report went through, or null. */
  done?: string | null;
}

/** Reports a piece of content to the admins: a reason, and optionally the reporter's own words. */
export function ReportForm({ labels, onSend, onCancel, busy = false, problem = null, done = null }: ReportFormProps) {
  const [reason, setReason] = useState<ReportReason>('spam');
  const [detail, setDetail] = useState('');
  return (
    <div className={styles.report}>
      <Form title={labels.title} submitLabel={labels.send} busy={busy || done !== null} problem={problem} done={done} onSubmit={() => onSend({ reason, detail: detail.trim() })}>
        <Select label={labels.reason} value={reason} options={reasons.map((value) => ({ value, label: labels.reasons[value] }))} onChange={setReason} />
        <TextInput label={labels.detail} value={detail} onChange={setDetail} maxLength={200} />
      </Form>
      <Button onClick={onCancel}>{labels.cancel}</Button>
    </div>
  );
}

/** The words of the "Report" action: its link, the form's, and what is said once sent. */
export interface ReportActionLabels extends ReportFormLabels {
  open: string;
  sent: string;
}

export interface ReportActionProps {
  labels: ReportActionLabels;
  /** Sends the report; a rejection's message is shown as the problem. */
  send: (report: { reason: ReportReason; detail?: string }) => Promise<unknown>;
  /** Shown as a small link beside a line of chat or a comment rather than as a button. */
  quiet?: boolean;
}

/**
 * A small "Report" action that opens the report form in place: a reason from the list and the
 * reporter's own words if they like. Once sent it says so and offers nothing more, since each user
 * reports an item once (the server answers a second report with the first).
 */
export function ReportAction({ labels, send, quiet = false }: ReportActionProps) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  if (!open) {
    return quiet ? (
      <button type="button" className={styles.quiet} onClick={() => setOpen(true)}>
        {labels.open}
      </button>
    ) : (
      <Button onClick={() => setOpen(true)}>{labels.open}</Button>
    );
  }
  return (
    <ReportForm
      labels={labels}
      busy={busy}
      problem={problem}
      done={sent ? labels.sent : null}
      onCancel={() => setOpen(false)}
      onSend={({ reason, detail }) => {
        setBusy(true);
        setProblem(null);
        send({ reason, ...(detail ? { detail } : {}) }).then(
          () => (setSent(true), setBusy(false)),
          (error: unknown) => (setProblem(error instanceof Error ? error.message : String(error)), setBusy(false)),
        );
      }}
    />
  );
}
