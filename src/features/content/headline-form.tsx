import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import { fromPromise } from 'xstate';
import { useSubmitHeadline, useUploadCover } from '../../api/queries/content.ts';
import type { components } from '../../api/schema';
import { useMessage } from '../../i18n/use-message.ts';
import { headlineProblems, headlineReviewMachine, maxHeadlineContent, maxHeadlineTitle, type HeadlineForm as Article } from '../../machines/headline-review-machine.ts';
import { useLoginRequest } from '../../realtime/login-request.tsx';
import { useStoredUser } from '../../realtime/stored-user.ts';
import { ComposerFilePicker, ComposerForm, ComposerTextArea, PickedFiles } from '../../ui/composer-form.tsx';
import { Select } from '../../ui/select.tsx';
import { TextInput } from '../../ui/text-input.tsx';

/**
 * Sends an article to the news (Headlines_user/insert): the headline review machine holds the form's
 * rules and the sending; once sent, the article waits under review until an admin decides.
 */
export function HeadlineForm({ categories }: { categories: readonly components['schemas']['HeadlineCategory'][] }) {
  const t = useMessage();
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
  const [coverName, setCoverName] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const problem = tried ? headlineProblems(form)[0] : undefined;
  const dropCover = () => {
    const { cover: _dropped, ...rest } = form;
    setForm(rest);
    setCoverName(null);
  };
  return (
    <ComposerForm
      title={t('news.form.title')}
      note={user ? null : t('news.form.loginFirst')}
      submitLabel={t('news.form.submit')}
      onSubmit={() => {
        if (!user) return requestLogin();
        setTried(true);
        actor.send({ type: 'application.submit', form: { ...form, title: form.title.trim(), content: form.content.trim() } });
      }}
      busy={view.busy || upload.isPending}
      problem={problem ? t(`news.problem.${problem}`) : (view.failure ?? (upload.isError ? upload.error.message : null))}
      finished={view.sent ? t('news.form.sent') : null}
      actions={
        <ComposerFilePicker
          label={t('news.form.cover')}
          accept="image/png,image/jpeg"
          disabled={upload.isPending}
          onPick={([file]) => {
            dropCover();
            if (!file) return;
            setCoverName(file.name);
            upload.mutate(file, { onSuccess: (cover) => setForm((now) => ({ ...now, cover })), onError: () => setCoverName(null) });
          }}
        />
      }
    >
      <Select
        label={t('news.form.category')}
        value={String(form.classify_id)}
        options={[{ value: '0', label: '—' }, ...categories.map((c) => ({ value: String(c.id), label: c.name }))]}
        onChange={(value) => setForm({ ...form, classify_id: Number(value) })}
      />
      <TextInput label={t('news.form.headline')} value={form.title} onChange={(title) => setForm({ ...form, title })} maxLength={maxHeadlineTitle} />
      <ComposerTextArea label={t('news.form.content')} value={form.content} onChange={(content) => setForm({ ...form, content })} maxLength={maxHeadlineContent} rows={7} />
      <PickedFiles names={coverName ? [coverName] : []} removeLabel={() => t('news.form.removeCover')} onRemove={dropCover} />
    </ComposerForm>
  );
}
