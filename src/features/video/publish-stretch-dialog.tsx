import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { useAnchorPlaybacks } from '../../api/queries/live-room.ts';
import { useAllVideoCategories, usePublishPlayback } from '../../api/queries/video.ts';
import { fromTimestamp, formatTime } from '../../i18n/relative-time.ts';
import { useMessage } from '../../i18n/use-message.ts';
import { link } from '../../routes.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { Select } from '../../ui/select.tsx';
import { TextInput } from '../../ui/text-input.tsx';
import { clockOf } from './video-card.tsx';
import styles from './video.module.css';

/** The server's bounds on a stretch (Video_user/publishPlayback): a moment worth a video, under 50 MB. */
export const stretchBounds = { min: 3, max: 300 } as const;

/** Reads "1:05", "65" or "1:02:03" as seconds; null for anything else. */
export function secondsOf(text: string): number | null {
  const parts = text.trim().split(':');
  if (parts.length > 3 || parts.some((part) => !/^\d{1,4}$/.test(part))) return null;
  return parts.reduce((total, part) => total * 60 + Number(part), 0);
}

/** The stretch's trouble, or null when the server will take it. */
export function stretchProblem(start: number | null, end: number | null, length: number): 'time' | 'bounds' | null {
  if (start === null || end === null) return 'time';
  if (end > length || end - start < stretchBounds.min || end - start > stretchBounds.max) return 'bounds';
  return null;
}

/**
 * An anchor's "publish a stretch of a past broadcast": one of their playbacks, a start and an end in it, a title
 * and a category; the server cuts the recording, so nothing is uploaded. The stretch shows over the recording.
 */
export function PublishStretchDialog({ anchorId, onClose }: { anchorId: number; onClose: () => void }) {
  const t = useMessage();
  const intl = useIntl();
  const navigate = useNavigate();
  const playbacks = useAnchorPlaybacks(anchorId, 50);
  const categories = useAllVideoCategories();
  const publish = usePublishPlayback();
  const [picked, setPicked] = useState('');
  const [start, setStart] = useState('0:00');
  const [end, setEnd] = useState('0:30');
  const [title, setTitle] = useState('');
  const [category, setCategory] = useState('');
  const [tried, setTried] = useState(false);
  const list = playbacks.data?.list ?? [];
  const playback = list.find((entry) => String(entry.id) === picked) ?? list[0];
  const categoryId = category || String(categories.data?.[0]?.id ?? '');
  const from = secondsOf(start);
  const to = secondsOf(end);
  const length = playback?.duration ?? 0;
  const problem = playback ? stretchProblem(from, to, length) : null;
  const shownTitle = title || (playback ? playback.title.slice(0, 50) : '');

  const submit = async () => {
    setTried(true);
    if (!playback || problem || from === null || to === null || !shownTitle.trim() || !categoryId) return;
    const made = await publish.mutateAsync({ playback_id: playback.id, start: from, end: to, title: shownTitle.trim(), category_id: Number(categoryId) });
    onClose();
    void navigate(link('videoPlayer', { id: made.id }));
  };

  return (
    <Dialog
      open
      title={t('video.stretch.title')}
      onClose={onClose}
      closeLabel={t('common.close')}
      width={560}
      footer={
        <>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button variant="primary" disabled={publish.isPending || !playback} onClick={() => void submit().catch(() => undefined)}>
            {publish.isPending ? t('video.stretch.cutting') : t('video.stretch.publish')}
          </Button>
        </>
      }
    >
      <p className={styles.hint}>{t('video.stretch.intro')}</p>
      {playbacks.isPending ? (
        <EmptyState title={t('common.loading')} busy />
      ) : list.length === 0 || !playback ? (
        <EmptyState title={t('video.stretch.none')} />
      ) : (
        <>
          <Select
            label={t('video.stretch.playback')}
            value={String(playback.id)}
            userContent
            options={list.map((entry) => ({
              value: String(entry.id),
              label: `${entry.title} · ${formatTime(intl, fromTimestamp(entry.start_time))} · ${clockOf(entry.duration)}`,
            }))}
            onChange={(value) => {
              setPicked(value);
              setTitle('');
            }}
          />
          <div className={styles.stretchTimes}>
            <TextInput label={t('video.stretch.start')} value={start} onChange={setStart} placeholder="0:00" maxLength={8} />
            <TextInput label={t('video.stretch.end')} value={end} onChange={setEnd} placeholder="0:30" maxLength={8} />
          </div>
          <div
            className={styles.stretchBar}
            role="img"
            aria-label={t('video.stretch.shown', { start: clockOf(from ?? 0), end: clockOf(to ?? 0), length: clockOf(length) })}
          >
            {from !== null && to !== null && length > 0 && to > from && (
              <span style={{ left: `${String(Math.min(100, (from / length) * 100))}%`, width: `${String(Math.max(0.5, ((Math.min(to, length) - Math.min(from, length)) / length) * 100))}%` }} />
            )}
          </div>
          <p className={styles.hint}>
            {t('video.stretch.shown', { start: clockOf(from ?? 0), end: clockOf(to ?? 0), length: clockOf(length) })}
          </p>
          {tried && problem && (
            <p className={styles.error} role="alert">
              {problem === 'time' ? t('video.stretch.badTime') : t('video.stretch.bounds', { min: stretchBounds.min, max: stretchBounds.max })}
            </p>
          )}
          <TextInput label={t('video.upload.title')} value={shownTitle} onChange={setTitle} maxLength={50} showCounter />
          <Select
            label={t('video.upload.category')}
            value={categoryId}
            options={(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
            onChange={setCategory}
          />
        </>
      )}
      {publish.isError && (
        <p className={styles.error} role="alert">
          {publish.error.message}
        </p>
      )}
    </Dialog>
  );
}
