import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { insertUploadedVideo, uploadVideo, useAllVideoCategories, useVideoUploaded, type UploadProgress } from '../../api/queries/video.ts';
import { uploadResumably } from '../../api/tus-upload.ts';
import { readLocale } from '../../i18n/locale.ts';
import { useMessage } from '../../i18n/use-message.ts';
import { useStoredUser } from '../../realtime/stored-user.ts';
import { link } from '../../routes.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { ProgressBar } from '../../ui/progress-bar.tsx';
import { Select } from '../../ui/select.tsx';
import { TextInput } from '../../ui/text-input.tsx';
import styles from './video.module.css';

/** SPEC §9: a video under 50 MB; the server holds the same limit. */
const maxVideoBytes = 50 * 1024 * 1024;
/** What the file picker offers; the server judges the file by its content, not this. */
const videoTypes = 'video/mp4,video/quicktime,video/webm,.mp4,.mov,.webm';

/** The length the browser reads in a picked file, or undefined when it cannot. */
function durationOf(file: File): Promise<number | undefined> {
  return new Promise((resolve) => {
    const video = document.createElement('video');
    const url = URL.createObjectURL(file);
    const done = (value: number | undefined) => {
      URL.revokeObjectURL(url);
      resolve(value);
    };
    video.preload = 'metadata';
    video.addEventListener('loadedmetadata', () => done(Number.isFinite(video.duration) ? video.duration : undefined));
    video.addEventListener('error', () => done(undefined));
    video.src = url;
  });
}

/** The upload form: title, category, an optional cover (the poster frame otherwise) and the file, with its progress and speed. */
export function VideoUploadDialog({ onClose }: { onClose: () => void }) {
  const t = useMessage();
  const intl = useIntl();
  const user = useStoredUser();
  const navigate = useNavigate();
  const uploaded = useVideoUploaded();
  const categories = useAllVideoCategories();
  const [title, setTitle] = useState('');
  const [category, setCategory] = useState('');
  const [video, setVideo] = useState<File | null>(null);
  const [cover, setCover] = useState<File | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const categoryId = category || String(categories.data?.[0]?.id ?? '');

  async function submit() {
    setProblem(null);
    if (!user) return;
    if (!title.trim() || !video || !categoryId) {
      setProblem(t('video.upload.incomplete'));
      return;
    }
    if (video.size > maxVideoBytes) {
      setProblem(t('video.upload.tooLarge'));
      return;
    }
    setBusy(true);
    try {
      const duration = await durationOf(video);
      const session = { token: user.token, language: readLocale() };
      // Without a cover the file goes up resumably (tus); a cover rides with the file in one form.
      const made = cover
        ? await uploadVideo({ title: title.trim(), categoryId: Number(categoryId), video, cover, ...(duration ? { duration } : {}) }, session, setProgress)
        : await insertUploadedVideo(
            {
              upload_id: await uploadResumably(video, { ...session, userId: user.id }, setProgress),
              title: title.trim(),
              category_id: Number(categoryId),
              ...(duration ? { duration: Math.max(1, Math.round(duration)) } : {}),
            },
            session,
          );
      uploaded();
      onClose();
      void navigate(link('videoPlayer', { id: made.id }));
    } catch (error) {
      setProblem(error instanceof Error ? error.message : t('common.loadFailed'));
    } finally {
      setBusy(false);
    }
  }

  const share = progress && progress.total > 0 ? progress.sent / progress.total : 0;
  return (
    <Dialog
      open
      title={t('video.upload')}
      onClose={onClose}
      closeLabel={t('common.close')}
      width={520}
      footer={
        <>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button variant="primary" disabled={busy} onClick={() => void submit()}>
            {t('video.upload.submit')}
          </Button>
        </>
      }
    >
      <TextInput label={t('video.upload.title')} value={title} onChange={setTitle} maxLength={50} showCounter />
      <Select
        label={t('video.upload.category')}
        value={categoryId}
        options={(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
        onChange={setCategory}
      />
      <label className={styles.field}>
        {t('video.upload.file')}
        <input type="file" accept={videoTypes} onChange={(event) => setVideo(event.target.files?.[0] ?? null)} />
      </label>
      <label className={styles.field}>
        {t('video.upload.cover')}
        <input type="file" accept="image/png,image/jpeg" onChange={(event) => setCover(event.target.files?.[0] ?? null)} />
      </label>
      {progress && (
        <div className={styles.progress} role="status">
          <ProgressBar label={t('video.upload.progress')} value={share} />
          <span>
            {t('video.upload.sent', {
              percent: intl.formatNumber(share, { style: 'percent' }),
              speed: intl.formatNumber(progress.bytesPerSecond / (1024 * 1024), { maximumFractionDigits: 1 }),
            })}
          </span>
        </div>
      )}
      {problem && (
        <p className={styles.error} role="alert">
          {problem}
        </p>
      )}
    </Dialog>
  );
}
