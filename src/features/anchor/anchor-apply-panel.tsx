import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useMemo, useState } from 'react';
import { fromPromise } from 'xstate';
import { useApplyForAnchor, useRefreshAnchorStanding, useVerifiedInfo } from '../../api/queries/anchor.ts';
import { useMemberInfo } from '../../api/queries/account.ts';
import type { components } from '../../api/schema';
import { useMessage } from '../../i18n/use-message.ts';
import {
  anchorReviewMachine,
  applicationProblems,
  minExperienceLength,
  type AnchorApplicationForm,
  type ApplicationProblem,
  type ContactType,
} from '../../machines/anchor-review-machine.ts';
import { useStoredUser } from '../../realtime/stored-user.ts';
import { link } from '../../routes.ts';
import { Button } from '../../ui/button.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { Select } from '../../ui/select.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { TextInput } from '../../ui/text-input.tsx';
import styles from './anchor-apply-panel.module.css';

type Verification = components['schemas']['AnchorVerification'];

const emptyForm: AnchorApplicationForm = {
  real_name: '',
  id_number: '',
  contact_type: 'qq',
  contact: '',
  inviter: '',
  experience: '',
  agree_protocol: false,
};

/**
 * /member?type=7: apply to be an anchor (SPEC §2, §5, §6). A user who never applied, or whose
 * application failed, fills the form; one under review waits; an anchor is sent to their console.
 */
export function AnchorApplyPanel() {
  const t = useMessage();
  const userId = useStoredUser()?.id ?? null;
  const me = useMemberInfo(userId);
  const info = useVerifiedInfo(userId);
  if (!info.isSuccess || me.isPending) return <EmptyState title={t('common.loading')} busy={info.isPending || me.isPending} />;
  // SPEC §6: the apply screen is for users who are not anchors (seeded anchors never applied).
  if (me.data?.is_anchor === 1 && info.data?.status !== 'audit_successful') {
    return (
      <EmptyState
        icon="user"
        title={t('anchorApply.alreadyAnchor')}
        action={<a href={link('member', { type: 9 })}>{t('anchorApply.toConsole')}</a>}
      />
    );
  }
  // Keyed by status, so a decision seen on a later load starts the machine where the review is.
  return <AnchorApplication key={info.data?.status ?? 'none'} application={info.data} />;
}

function AnchorApplication({ application }: { application: Verification | null }) {
  const t = useMessage();
  const apply = useApplyForAnchor();
  const refreshStanding = useRefreshAnchorStanding();
  const logic = useMemo(
    () =>
      anchorReviewMachine.provide({
        actors: {
          submit: fromPromise<void, { form: AnchorApplicationForm }>(async ({ input }) => {
            const { inviter, ...rest } = input.form;
            await apply.mutateAsync({ ...rest, agree_protocol: true, ...(inviter.trim() ? { inviter: inviter.trim() } : {}) });
          }),
        },
      }),
    [apply],
  );
  const actor = useActorRef(logic, { input: { status: application?.status ?? null, reason: application?.reason ?? null } });
  const state = useSelector(actor, (snapshot) => snapshot);
  const approved = state.matches('approved');
  useEffect(() => {
    if (approved) refreshStanding();
  }, [approved, refreshStanding]);

  if (approved) {
    return (
      <section className={styles.panel} aria-labelledby="anchor-apply-status">
        <StatusHeading id="anchor-apply-status" status="audit_successful" label={t('anchorApply.approved')} />
        <p>{t('anchorApply.approvedText')}</p>
        <a className={styles.link} href={link('member', { type: 9 })}>
          {t('anchorApply.toConsole')}
        </a>
      </section>
    );
  }
  if (state.matches('underReview')) {
    return (
      <section className={styles.panel} aria-labelledby="anchor-apply-status">
        <StatusHeading id="anchor-apply-status" status="under_review" label={t('anchorApply.underReview')} />
        <p role="status">{t('anchorApply.underReviewText')}</p>
        {application && <ApplicationSummary application={application} />}
      </section>
    );
  }
  const refused = state.matches('refused') || (state.matches('submitting') && state.context.reason !== null);
  return (
    <section className={styles.panel} aria-labelledby="anchor-apply-heading">
      {refused ? (
        <>
          <StatusHeading id="anchor-apply-heading" status="audit_failure" label={t('anchorApply.refused')} />
          <p role="alert" className={styles.refusal}>
            {t('anchorApply.refusedText', { reason: state.context.reason ?? '' })}
          </p>
        </>
      ) : (
        <p id="anchor-apply-heading" className={styles.muted}>
          {t('anchorApply.intro')}
        </p>
      )}
      <ApplicationForm
        initial={application ? { ...emptyForm, ...pick(application) } : emptyForm}
        busy={state.hasTag('busy')}
        submitLabel={refused ? t('anchorApply.resubmit') : t('anchorApply.submit')}
        failure={state.context.failure}
        onSubmit={(form) => actor.send({ type: 'application.submit', form })}
      />
    </section>
  );
}

/** What of an earlier application is offered again; the ID number is masked, so it is typed anew. */
function pick(application: Verification): Partial<AnchorApplicationForm> {
  const { real_name, contact_type, contact, inviter, experience } = application;
  return { real_name, contact_type, contact, inviter, experience };
}

/** The review's status as the section's heading (the page's own title already says what it is). */
function StatusHeading({ id, status, label }: { id: string; status: Verification['status']; label: string }) {
  return (
    <h2 id={id} className={styles.heading}>
      <StatusBadge status={status} label={label} />
    </h2>
  );
}

function ApplicationSummary({ application }: { application: Verification }) {
  const t = useMessage();
  return (
    <dl className={styles.summary}>
      <dt>{t('anchorApply.realName')}</dt>
      <dd>{application.real_name}</dd>
      <dt>{t('anchorApply.idNumber')}</dt>
      <dd className={styles.number}>{application.id_number}</dd>
      <dt>{t(`anchorApply.contact.${application.contact_type}`)}</dt>
      <dd>{application.contact}</dd>
      <dt>{t('anchorApply.submittedAt')}</dt>
      <dd className={styles.number}>{new Date(application.submitted_at * 1000).toLocaleString()}</dd>
    </dl>
  );
}

interface ApplicationFormProps {
  initial: AnchorApplicationForm;
  busy: boolean;
  submitLabel: string;
  failure: string | null;
  onSubmit: (form: AnchorApplicationForm) => void;
}

function ApplicationForm({ initial, busy, submitLabel, failure, onSubmit }: ApplicationFormProps) {
  const t = useMessage();
  const ids = useId();
  const [form, setForm] = useState(initial);
  // Problems show once the applicant has tried to send; then they follow every change.
  const [tried, setTried] = useState(false);
  const problems = tried ? applicationProblems(form) : [];
  const problemOf = (problem: ApplicationProblem) => (problems.includes(problem) ? t(`anchorApply.problem.${problem}`) : undefined);
  const set = <K extends keyof AnchorApplicationForm>(key: K) => (value: AnchorApplicationForm[K]) => setForm((now) => ({ ...now, [key]: value }));
  const experienceLength = [...form.experience.trim()].length;
  const contactTypes: ContactType[] = ['qq', 'wechat', 'phone'];
  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setTried(true);
        if (applicationProblems(form).length === 0) onSubmit(form);
      }}
    >
      <TextInput label={t('anchorApply.realName')} value={form.real_name} onChange={set('real_name')} maxLength={30} error={problemOf('realName')} />
      <TextInput label={t('anchorApply.idNumber')} value={form.id_number} onChange={set('id_number')} maxLength={18} error={problemOf('idNumber')} />
      <div className={styles.contact}>
        <Select
          label={t('anchorApply.contactType')}
          value={form.contact_type}
          options={contactTypes.map((type) => ({ value: type, label: t(`anchorApply.contact.${type}`) }))}
          onChange={set('contact_type')}
        />
        <TextInput
          label={t('anchorApply.contact')}
          value={form.contact}
          onChange={set('contact')}
          maxLength={40}
          type={form.contact_type === 'phone' ? 'tel' : 'text'}
          error={problemOf('contact')}
        />
      </div>
      <TextInput label={t('anchorApply.inviter')} value={form.inviter} onChange={set('inviter')} maxLength={32} />
      <div className={styles.field}>
        <label htmlFor={`${ids}-experience`} className={styles.label}>
          {t('anchorApply.experience')}
        </label>
        <textarea
          id={`${ids}-experience`}
          className={styles.textarea}
          value={form.experience}
          maxLength={1000}
          rows={4}
          aria-invalid={problemOf('experience') ? true : undefined}
          aria-describedby={`${ids}-experience-hint`}
          onChange={(event) => set('experience')(event.target.value)}
        />
        <p id={`${ids}-experience-hint`} className={problemOf('experience') ? styles.error : styles.muted}>
          {problemOf('experience') ?? t('anchorApply.experienceHint', { min: minExperienceLength, count: experienceLength })}
        </p>
      </div>
      <div className={styles.field}>
        <h2 id={`${ids}-protocol`} className={styles.label}>
          {t('anchorApply.protocolTitle')}
        </h2>
        <div className={styles.protocol} role="document" aria-labelledby={`${ids}-protocol`} tabIndex={0}>
          {t('anchorApply.protocolText')
            .split('\n')
            .map((clause) => (
              <p key={clause}>{clause}</p>
            ))}
        </div>
        <label className={styles.agree}>
          <input type="checkbox" checked={form.agree_protocol} onChange={(event) => set('agree_protocol')(event.target.checked)} />
          {t('anchorApply.agree')}
        </label>
        {problemOf('protocol') && <p className={styles.error}>{problemOf('protocol')}</p>}
      </div>
      {failure && (
        <p role="alert" className={styles.error}>
          {failure}
        </p>
      )}
      <div>
        <Button type="submit" variant="primary" disabled={busy}>
          {busy ? t('anchorApply.sending') : submitLabel}
        </Button>
      </div>
    </form>
  );
}
