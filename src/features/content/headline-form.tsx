import { useActorRef, useSelector } from '@xstate/react';
import { useId, useMemo, useState } from 'react';
import { fromPromise } from 'xstate';
import { useSubmitHeadline, useUploadCover } from '../../api/queries/content.ts';
import type { components } from '../../api/schema';
import { useMessage } from '../../i18n/use-message.ts';
import { headlineProblems, headlineReviewMachine, maxHeadlineContent, maxHeadlineTitle, type HeadlineForm as Article } from '../../machines/headline-review-machine.ts';
import { useLoginRequest } from '../../realtime/login-request.tsx';
import { useStoredUser } from '../../realtime/stored-user.ts';
import { Button } from '../../ui/button.tsx';
import { Select } from '../../ui/select.tsx';
import { TextInput } from '../../ui/text-input.tsx';
import styles from './news-page.module.css';

/**
 * Sends an article to the news (Headlines_user/insert): the headline review machine holds the form's
 * rules and the sending; once sent, the article waits under review until an admin decides.
 */
export function HeadlineForm({ categories }: { categories: readonly components['schemas']['HeadlineCategory'][] }) {
  const t = useMessage();
  const ids = useId();
  const user = useStoredUser();
  const requestLogin = useLoginRequest();
  const { mutateAsync: submit } = useSubmitHeadline();
  const upload = useUploadCover();
  const logic = useMemo(
    () =>
      headlineReviewMachine.provide({
        actors: {
          submit: fromPromise<void, { form: Article }>(async ({ input }) => {
            await submit(input.form);
          }),
        },
      }),
    [submit],
  );
  const actor = useActorRef(logic, { input: { status: null } });
  const view = useSelector(
    actor,
    (snapshot) => ({ sent: snapshot.matches('underReview'), busy: snapshot.hasTag('busy'), failure: snapshot.context.failure }),
    (a, b) => a.sent === b.sent && a.busy === b.busy && a.failure === b.failure,
  );
  const [form, setForm] = useState<Article>({ classify_id: 0, title: '', content: '' });
  const [tried, setTried] = useState(false);
  const problem = tried ? headlineProblems(form)[0] : undefined;
  const choices = categories.length > 0 ? categories : [];
  return (
    <form
      className={styles.form}
      aria-labelledby={`${ids}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        if (!user) return requestLogin();
        setTried(true);
        actor.send({ type: 'application.submit', form: { ...form, title: form.title.trim(), content: form.content.trim() } });
      }}
    >
      <h2 id={`${ids}-title`}>{t('news.form.title')}</h2>
      {!user && <p className={styles.meta}>{t('news.form.loginFirst')}</p>}
      {view.sent ? (
        <p role="status" className={styles.done}>
          {t('news.form.sent')}
        </p>
      ) : (
        <>
          <Select
            label={t('news.form.category')}
            value={String(form.classify_id)}
            options={[{ value: '0', label: '—' }, ...choices.map((c) => ({ value: String(c.id), label: c.name }))]}
            onChange={(value) => setForm({ ...form, classify_id: Number(value) })}
          />
          <TextInput label={t('news.form.headline')} value={form.title} onChange={(title) => setForm({ ...form, title })} maxLength={maxHeadlineTitle} />
          <label className={styles.field} htmlFor={`${ids}-content`}>
            {t('news.form.content')}
            <textarea
              id={`${ids}-content`}
              className={styles.textarea}
              value={form.content}
              maxLength={maxHeadlineContent}
              onChange={(event) => setForm({ ...form, content: event.target.value })}
            />
          </label>
          <label className={styles.field}>
            {t('news.form.cover')}
            <input
              type="file"
              accept="image/png,image/jpeg"
              disabled={upload.isPending}
              onChange={(event) => {
                const file = event.target.files?.[0];
                const { cover: _dropped, ...rest } = form;
                setForm(rest);
                if (file) upload.mutate(file, { onSuccess: (cover) => setForm((now) => ({ ...now, cover })) });
              }}
            />
          </label>
          {problem && (
            <p role="alert" className={styles.problem}>
              {t(`news.problem.${problem}`)}
            </p>
          )}
          {view.failure && (
            <p role="alert" className={styles.problem}>
              {view.failure}
            </p>
          )}
          <Button type="submit" variant="primary" disabled={view.busy || upload.isPending}>
            {t('news.form.submit')}
          </Button>
        </>
      )}
    </form>
  );
}
