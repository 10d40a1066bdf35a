import { useId, useState } from 'react';
import { usePublishPost } from '../../api/queries/circle.ts';
import type { components } from '../../api/schema';
import { useMessage } from '../../i18n/use-message.ts';
import { useLoginRequest } from '../../realtime/login-request.tsx';
import { useStoredUser } from '../../realtime/stored-user.ts';
import { Button } from '../../ui/button.tsx';
import { Select } from '../../ui/select.tsx';
import styles from './circle-page.module.css';

/** SPEC §5 and §9: a post takes up to 4 photos. */
const maxPhotos = 4;
/** The contract's content limit of anchor_dynamics_user/insert. */
const maxContent = 2000;

/**
 * Writes a post in a circle with up to 4 photos (SPEC §5: a circle and content are needed; a guest is asked
 * to log in). The server judges each photo by its content and draws it again before it is kept.
 */
export function PostComposer({ circles, circleId }: { circles: readonly components['schemas']['Circle'][]; circleId: number | null }) {
  const t = useMessage();
  const ids = useId();
  const user = useStoredUser();
  const requestLogin = useLoginRequest();
  const publish = usePublishPost();
  const [chosen, setChosen] = useState<number | null>(circleId);
  const [content, setContent] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const circle = chosen ?? circleId;
  return (
    <form
      className={styles.composer}
      aria-labelledby={`${ids}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        if (!user) {
          setProblem(t('circle.compose.loginFirst'));
          return requestLogin();
        }
        if (!circle) return setProblem(t('circle.compose.needCircle'));
        if (content.trim() === '') return setProblem(t('circle.compose.needContent'));
        setProblem(null);
        publish.mutate(
          { circle_id: circle, content: content.trim(), photos },
          {
            onSuccess: () => {
              setContent('');
              setPhotos([]);
            },
          },
        );
      }}
    >
      <h2 id={`${ids}-title`}>{t('circle.compose.title')}</h2>
      <Select
        label={t('circle.compose.circle')}
        value={String(circle ?? 0)}
        options={[{ value: '0', label: t('circle.compose.chooseCircle') }, ...circles.map((c) => ({ value: String(c.id), label: c.name }))]}
        onChange={(value) => setChosen(Number(value) || null)}
      />
      <label className="ps-visually-hidden" htmlFor={`${ids}-content`}>
        {t('circle.compose.content')}
      </label>
      <textarea
        id={`${ids}-content`}
        className={styles.textarea}
        placeholder={t('circle.compose.content')}
        value={content}
        maxLength={maxContent}
        onChange={(event) => setContent(event.target.value)}
      />
      {photos.length > 0 && (
        <ul className={styles.picked}>
          {photos.map((photo, index) => (
            <li key={`${photo.name}-${String(index)}`}>
              <span>{photo.name}</span>
              <button type="button" aria-label={t('circle.compose.removePhoto', { index: index + 1 })} onClick={() => setPhotos(photos.filter((_, i) => i !== index))}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className={styles.composerActions}>
        <label className={styles.photoPicker}>
          {t('circle.compose.photos')}
          <input
            type="file"
            accept="image/png,image/jpeg"
            multiple
            disabled={photos.length >= maxPhotos}
            onChange={(event) => {
              const picked = [...photos, ...Array.from(event.target.files ?? [])];
              setProblem(picked.length > maxPhotos ? t('circle.compose.tooMany') : null);
              setPhotos(picked.slice(0, maxPhotos));
              event.target.value = '';
            }}
          />
        </label>
        <Button type="submit" variant="primary" disabled={publish.isPending}>
          {t('circle.compose.publish')}
        </Button>
      </div>
      {problem && (
        <p role="alert" className={styles.problem}>
          {problem}
        </p>
      )}
      {publish.isSuccess && !problem && (
        <p role="status" className={styles.done}>
          {t('circle.compose.published')}
        </p>
      )}
    </form>
  );
}
