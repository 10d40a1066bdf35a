import { useState } from 'react';
import { usePublishPost } from '../../api/queries/circle.ts';
import type { components } from '../../api/schema';
import { readLocale } from '../../i18n/locale.ts';
import { useMessage } from '../../i18n/use-message.ts';
import { useLoginRequest } from '../../realtime/login-request.tsx';
import { useStoredUser } from '../../realtime/stored-user.ts';
import { ComposerFilePicker, ComposerForm, ComposerTextArea, PickedFiles } from '../../ui/composer-form.tsx';
import { ProgressBar } from '../../ui/progress-bar.tsx';
import { Select } from '../../ui/select.tsx';

/** SPEC §5 and §9: a post takes up to 4 photos. */
const maxPhotos = 4;
/** SPEC §9: a post's video is an mp4 under 50 MB. */
const maxVideoBytes = 50 * 1024 * 1024;
/** The contract's content limit of anchor_dynamics_user/insert. */
const maxContent = 2000;

/**
 * Writes a post in a circle with up to 4 photos, or one mp4 video under 50 MB with its cover, never both
 * (SPEC §5: a circle and content are needed; a guest is asked to log in). The server judges each file by its
 * content and draws photos and covers again before they are kept; the upload's progress shows as it goes.
 */
export function PostComposer({ circles, circleId }: { circles: readonly components['schemas']['Circle'][]; circleId: number | null }) {
  const t = useMessage();
  const user = useStoredUser();
  const requestLogin = useLoginRequest();
  const publish = usePublishPost();
  const [chosen, setChosen] = useState<number | null>(circleId);
  const [content, setContent] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const [video, setVideo] = useState<File | null>(null);
  const [cover, setCover] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [share, setShare] = useState(0);
  const circle = chosen ?? circleId;
  const sendsFiles = photos.length > 0 || video !== null;
  const send = () => {
    if (!user) {
      setProblem(t('circle.compose.loginFirst'));
      return requestLogin();
    }
    if (!circle) return setProblem(t('circle.compose.needCircle'));
    if (content.trim() === '') return setProblem(t('circle.compose.needContent'));
    if (video && !cover) return setProblem(t('circle.compose.needCover'));
    setProblem(null);
    setShare(0);
    publish.mutate(
      {
        draft: { circle_id: circle, content: content.trim(), photos, video: video && cover ? { file: video, cover } : null },
        session: { token: user.token, language: readLocale() },
        onProgress: ({ sent, total }) => setShare(total > 0 ? sent / total : 0),
      },
      {
        onSuccess: () => {
          setContent('');
          setPhotos([]);
          setVideo(null);
          setCover(null);
        },
      },
    );
  };
  const picked = video ? [video.name, ...(cover ? [cover.name] : [])] : photos.map((photo) => photo.name);
  return (
    <ComposerForm
      title={t('circle.compose.title')}
      submitLabel={t('circle.compose.publish')}
      onSubmit={send}
      busy={publish.isPending}
      problem={problem ?? (publish.isError ? publish.error.message : null)}
      done={publish.isSuccess ? t('circle.compose.published') : null}
      actions={
        <>
          <ComposerFilePicker
            label={t('circle.compose.photos')}
            accept="image/png,image/jpeg"
            multiple
            disabled={photos.length >= maxPhotos || video !== null}
            onPick={(files) => {
              const all = [...photos, ...files];
              setProblem(all.length > maxPhotos ? t('circle.compose.tooMany') : null);
              setPhotos(all.slice(0, maxPhotos));
            }}
          />
          <ComposerFilePicker
            label={t('circle.compose.video')}
            accept="video/mp4"
            icon="video"
            disabled={photos.length > 0 || video !== null}
            onPick={([file]) => {
              if (!file) return;
              if (file.type !== 'video/mp4') return setProblem(t('circle.compose.wrongVideo'));
              if (file.size >= maxVideoBytes) return setProblem(t('circle.compose.videoTooLarge'));
              setProblem(null);
              setVideo(file);
            }}
          />
          {video && (
            <ComposerFilePicker label={t('circle.compose.cover')} accept="image/png,image/jpeg" disabled={cover !== null} onPick={([file]) => setCover(file ?? null)} />
          )}
        </>
      }
    >
      <Select
        label={t('circle.compose.circle')}
        value={String(circle ?? 0)}
        options={[{ value: '0', label: t('circle.compose.chooseCircle') }, ...circles.map((c) => ({ value: String(c.id), label: c.name }))]}
        onChange={(value) => setChosen(Number(value) || null)}
      />
      <ComposerTextArea label={t('circle.compose.content')} hideLabel value={content} onChange={setContent} maxLength={maxContent} />
      <PickedFiles
        names={picked}
        removeLabel={(position) =>
          video ? t(position === 1 ? 'circle.compose.removeVideo' : 'circle.compose.removeCover') : t('circle.compose.removePhoto', { index: position })
        }
        onRemove={(index) => {
          if (!video) return setPhotos(photos.filter((_, i) => i !== index));
          if (index === 1) return setCover(null);
          setVideo(null);
          setCover(null);
        }}
      />
      {publish.isPending && sendsFiles && <ProgressBar label={t('circle.compose.progress')} value={share} />}
    </ComposerForm>
  );
}
