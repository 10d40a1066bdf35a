import { useState, type FormEvent, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import {
  useAppointManager,
  useBroadcastRecords,
  useOwnRoomManagers,
  usePushInfo,
  useRemoveManager,
  useResetStreamKey,
  useRoomOnAir,
  useSetRoomPlacard,
  useSetRoomTitle,
  useUpdateRoom,
  useUploadCover,
} from '../../../api/queries/anchor-console.ts';
import { useLiveCategories } from '../../../api/queries/live-directory.ts';
import { useRoomInfo } from '../../../api/queries/live.ts';
import { ApiError } from '../../../api/client.ts';
import type { components } from '../../../api/schema';
import { localName } from '../../../i18n/locale.ts';
import { useMessage } from '../../../i18n/use-message.ts';
import { link } from '../../../routes.ts';
import { Button } from '../../../ui/button.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { Image } from '../../../ui/image.tsx';
import { PersonRow } from '../../../ui/person-row.tsx';
import { Select } from '../../../ui/select.tsx';
import { roomPlacardMaxLength, roomTitleMaxLength } from '../../../rules/room-info-lengths.ts';
import { roomCoverUpload } from '../../../rules/upload-limits.ts';
import { TextInput } from '../../../ui/text-input.tsx';
import styles from './anchor-console.module.css';

// The anchor's console, /member?type=9 (SPEC §2, §5): where to push from OBS, on and off air, the
// room's title, announcement (≤50), cover (png or jpg ≤5 MB) and category, its managers (≤200), and the
// records of past broadcasts with their income.

type LiveRoom = components['schemas']['LiveRoom'];

function errorText(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.message : fallback;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `console-${title}`;
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 id={id} className={styles.sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The push address and key, the key's reset, and the room's on/off air switch. */
function BroadcastSection({ room }: { room: LiveRoom }) {
  const t = useMessage();
  const push = usePushInfo();
  const reset = useResetStreamKey();
  const onAir = useRoomOnAir();
  const [shown, setShown] = useState(false);
  const [copied, setCopied] = useState<string | null>(null);
  const live = room.status === 'in_progress';
  const copy = (what: string, text: string) => void navigator.clipboard?.writeText(text).then(() => setCopied(what));
  return (
    <Section title={t('console.broadcast')}>
      <p className={styles.status}>
        <span className={live ? styles.onAir : styles.offAir}>{live ? t('console.onAir') : t('console.offAir')}</span>
        <Link to={link('live', { id: room.id })}>{t('console.openRoom')}</Link>
      </p>
      {push.data ? (
        <dl className={styles.push}>
          <dt>{t('console.pushUrl')}</dt>
          <dd>
            <code>{push.data.push_url}</code>
            <Button onClick={() => copy('url', push.data.push_url)}>{copied === 'url' ? t('console.copied') : t('console.copy')}</Button>
          </dd>
          <dt>{t('console.streamKey')}</dt>
          <dd>
            <code aria-label={t('console.streamKey')}>{shown ? push.data.stream_key : '•'.repeat(16)}</code>
            <Button onClick={() => setShown(!shown)}>{shown ? t('console.hideKey') : t('console.showKey')}</Button>
            <Button onClick={() => copy('key', push.data.stream_key)}>{copied === 'key' ? t('console.copied') : t('console.copy')}</Button>
            <Button disabled={reset.isPending} onClick={() => reset.mutate()}>
              {t('console.resetKey')}
            </Button>
          </dd>
        </dl>
      ) : (
        <p className={styles.hint}>{push.isError ? errorText(push.error, t('common.loadFailed')) : t('common.loading')}</p>
      )}
      <p className={styles.hint}>{t('console.obsHint')}</p>
      <div className={styles.actions}>
        <Button variant={live ? 'secondary' : 'primary'} disabled={onAir.isPending} onClick={() => onAir.mutate(!live)}>
          {live ? t('console.end') : t('console.start')}
        </Button>
      </div>
      {onAir.isError ? (
        <p className={styles.error} role="alert">
          {errorText(onAir.error, t('common.loadFailed'))}
        </p>
      ) : null}
    </Section>
  );
}

/** A one-field form that saves its text and says it did. */
function SavedField({
  label,
  initial,
  maxLength,
  save,
}: {
  label: string;
  initial: string;
  maxLength: number;
  save: { mutate: (value: string, options: { onSuccess: () => void; onError: (error: unknown) => void }) => void; isPending: boolean };
}) {
  const t = useMessage();
  const [value, setValue] = useState(initial);
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);
  const over = [...value].length > maxLength;
  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate(value, {
      onSuccess: () => setSaid({ ok: true, text: t('console.saved') }),
      onError: (error) => setSaid({ ok: false, text: errorText(error, t('common.loadFailed')) }),
    });
  }
  return (
    <form className={styles.field} onSubmit={submit}>
      <TextInput
        label={label}
        value={value}
        onChange={(next) => {
          setValue(next);
          setSaid(null);
        }}
        maxLength={maxLength}
        showCounter
        error={over ? t('console.tooLong', { max: maxLength }) : undefined}
      />
      <Button type="submit" disabled={save.isPending || over}>
        {t('console.save')}
      </Button>
      {said ? (
        <p className={said.ok ? styles.hint : styles.error} role={said.ok ? 'status' : 'alert'}>
          {said.text}
        </p>
      ) : null}
    </form>
  );
}

function SettingsSection({ room }: { room: LiveRoom }) {
  const t = useMessage();
  const { locale } = useIntl();
  const setTitle = useSetRoomTitle();
  const setPlacard = useSetRoomPlacard();
  const update = useUpdateRoom();
  const upload = useUploadCover();
  const categories = useLiveCategories(0);
  const [coverProblem, setCoverProblem] = useState<string | null>(null);
  const categoryOptions = (categories.data ?? []).map((category) => ({
    value: String(category.id),
    label: localName({ zh: category.name, en: category.name_en }, locale),
  }));
  return (
    <Section title={t('console.settings')}>
      <SavedField label={t('console.title')} initial={room.title} maxLength={roomTitleMaxLength} save={setTitle} />
      <SavedField label={t('console.placard')} initial={room.placard ?? ''} maxLength={roomPlacardMaxLength} save={setPlacard} />
      {categoryOptions.length > 0 ? (
        <div className={styles.field}>
          <Select
            label={t('console.category')}
            value={String(room.category.id)}
            options={categoryOptions}
            onChange={(value) => update.mutate({ category_id: Number(value) })}
            disabled={update.isPending}
          />
        </div>
      ) : null}
      <div className={styles.cover}>
        <Image src={room.cover} alt={t('console.cover')} width={192} height={108} />
        <label className={styles.coverPick}>
          {t('console.changeCover')}
          {/* The browser's own file button speaks the browser's language, not the site's: the label is the button. */}
          <input
            className="ps-visually-hidden"
            type="file"
            accept="image/png,image/jpeg"
            disabled={upload.isPending}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (!file) return;
              if (!roomCoverUpload.contentTypes.some((type) => type === file.type)) return setCoverProblem(t('console.coverType'));
              if (file.size > roomCoverUpload.maxBytes) return setCoverProblem(t('console.coverSize'));
              setCoverProblem(null);
              upload.mutate(file, { onError: (error) => setCoverProblem(errorText(error, t('common.loadFailed'))) });
            }}
          />
        </label>
        <p className={styles.hint}>{upload.isPending ? t('console.uploading') : t('console.coverRule')}</p>
        {coverProblem ? (
          <p className={styles.error} role="alert">
            {coverProblem}
          </p>
        ) : null}
      </div>
    </Section>
  );
}

function ManagersSection() {
  const t = useMessage();
  const managers = useOwnRoomManagers();
  const appoint = useAppointManager();
  const remove = useRemoveManager();
  const [uid, setUid] = useState('');
  const id = Number(uid);
  const valid = Number.isInteger(id) && id > 0;
  return (
    <Section title={t('console.managers')}>
      {managers.data ? (
        <p className={styles.hint}>{t('console.managerCount', { count: managers.data.total, max: managers.data.max })}</p>
      ) : null}
      <form
        className={styles.field}
        onSubmit={(event) => {
          event.preventDefault();
          if (valid) appoint.mutate(id, { onSuccess: () => setUid('') });
        }}
      >
        <TextInput label={t('console.managerId')} value={uid} onChange={setUid} type="tel" />
        <Button type="submit" disabled={!valid || appoint.isPending}>
          {t('console.appoint')}
        </Button>
      </form>
      {appoint.isError ? (
        <p className={styles.error} role="alert">
          {errorText(appoint.error, t('common.loadFailed'))}
        </p>
      ) : null}
      {managers.data && managers.data.list.length > 0 ? (
        <ul className={styles.rows} aria-label={t('console.managers')}>
          {managers.data.list.map((manager) => (
            <li key={manager.user.id}>
              <PersonRow
                name={manager.user.user_nickname}
                avatar={manager.user.avatar}
                detail={`ID ${String(manager.user.id)}`}
                action={
                  <Button disabled={remove.isPending} onClick={() => remove.mutate(manager.user.id)}>
                    {t('console.removeManager')}
                  </Button>
                }
              />
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.hint}>{t('console.noManagers')}</p>
      )}
    </Section>
  );
}

function RecordsSection() {
  const t = useMessage();
  const intl = useIntl();
  const records = useBroadcastRecords({ page: 1, limit: 10 });
  const list = records.data?.list ?? [];
  return (
    <Section title={t('console.records')}>
      {list.length === 0 ? (
        <p className={styles.hint}>{records.isPending ? t('common.loading') : t('console.noRecords')}</p>
      ) : (
        <div className={styles.tableScroll}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t('console.recordStart')}</th>
              <th scope="col">{t('console.recordTitle')}</th>
              <th scope="col">{t('console.recordDuration')}</th>
              <th scope="col">{t('console.recordPeak')}</th>
              <th scope="col">{t('console.recordIncome')}</th>
            </tr>
          </thead>
          <tbody>
            {list.map((record) => (
              <tr key={record.id}>
                <td className={styles.nowrap}>{intl.formatDate(record.start_time * 1000, { month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' })}</td>
                <td>{record.title}</td>
                <td className={styles.number}>{t('console.minutes', { minutes: Math.round(record.duration / 60) })}</td>
                <td className={styles.number}>{intl.formatNumber(record.peak_viewers)}</td>
                <td className={styles.number}>{intl.formatNumber(record.income, { minimumFractionDigits: 1, maximumFractionDigits: 1 })}</td>
              </tr>
            ))}
          </tbody>
        </table>
        </div>
      )}
      <p className={styles.hint}>{t('console.incomeHint')}</p>
    </Section>
  );
}

/** The console reads its room this often: the anchor starting OBS sees the room go on air within seconds. */
const consoleRefreshMs = 5_000;

/** /member?type=9 for anchors; others are told the console is an anchor's and where to apply. */
export function AnchorConsole() {
  const t = useMessage();
  const push = usePushInfo();
  const roomId = push.data?.room_id;
  const info = useRoomInfo(roomId, consoleRefreshMs);
  if (push.isError) {
    return (
      <EmptyState
        icon="live"
        title={t('console.notAnchor')}
        action={
          <Link className={styles.apply} to={link('member', { type: 7 })}>
            {t('console.apply')}
          </Link>
        }
      />
    );
  }
  if (!info.data) return <EmptyState busy title={t('common.loading')} />;
  const room = info.data.room;
  return (
    <div className={styles.console}>
      <BroadcastSection room={room} />
      <SettingsSection key={room.id} room={room} />
      <ManagersSection />
      <RecordsSection />
    </div>
  );
}
