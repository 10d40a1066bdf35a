import { useId, useState } from 'react';
import { useAdminPromos, useDeletePromo, useSavePromo, useUploadCover } from '../../api/queries/content.ts';
import type { components } from '../../api/schema';
import { useMessage } from '../../i18n/use-message.ts';
import { link } from '../../routes.ts';
import { Button } from '../../ui/button.tsx';
import { Image } from '../../ui/image.tsx';
import { Select } from '../../ui/select.tsx';
import { TextInput } from '../../ui/text-input.tsx';
import styles from './promo-admin-panel.module.css';

type Promo = components['schemas']['AdminPromo'];
type PromoInput = components['schemas']['AdminPromoInput'];
type Position = components['schemas']['PromoPosition'];

const advertPositions: readonly Position[] = ['home', 'live_room', 'scores', 'video', 'news', 'sidebar'];

const blank: PromoInput = { kind: 'banner', position: 'home', title: '', title_en: '', title_vi: '', image: '', link: link('main'), sort: 0, enabled: true, starts_at: null, ends_at: null };

/** Seconds since 1970 as a datetime-local value in the admin's own time zone, and back. */
const localValue = (seconds: number | null | undefined) => {
  if (seconds === null || seconds === undefined) return '';
  const date = new Date(seconds * 1000);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const secondsOf = (value: string) => (value === '' ? null : Math.floor(new Date(value).getTime() / 1000));

/** The console's home banners and adverts: what runs now, and a form to add or change one. */
export function PromoAdminPanel() {
  const t = useMessage();
  const promos = useAdminPromos();
  const remove = useDeletePromo();
  const [editing, setEditing] = useState<PromoInput>(blank);
  const [formKey, setFormKey] = useState(0);
  const edit = (promo: Promo | null) => {
    setEditing(promo ? { ...promo } : blank);
    setFormKey((key) => key + 1);
  };
  const list = (title: string, rows: readonly Promo[]) => (
    <section className={styles.section} aria-label={title}>
      <h2>{title}</h2>
      <ul className={styles.rows}>
        {rows.map((promo) => (
          <li key={`${promo.kind}-${promo.id}`} className={styles.row}>
            <Image src={promo.image} alt="" width={120} height={40} shape="rounded" />
            <span className={styles.rowText}>
              <span data-user-content>{promo.title}</span>
              <span className={styles.muted}>
                {t(`admin.promo.position.${promo.position}`)} · {promo.running ? t('admin.promo.running') : t('admin.promo.notRunning')}
              </span>
            </span>
            <Button onClick={() => edit(promo)}>
              {t('admin.promo.edit')}
              <span className="ps-visually-hidden"> {promo.title}</span>
            </Button>
            <Button disabled={remove.isPending} onClick={() => remove.mutate({ kind: promo.kind, id: promo.id })}>
              {t('admin.promo.delete')}
              <span className="ps-visually-hidden"> {promo.title}</span>
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
  return (
    <div className={styles.panel}>
      {promos.isError ? (
        <p role="alert">{t('admin.only')}</p>
      ) : !promos.data ? (
        <p>{t('common.loading')}</p>
      ) : (
        <>
          {list(t('admin.promo.banners'), promos.data.banners)}
          {list(t('admin.promo.adverts'), promos.data.adverts)}
        </>
      )}
      <Button variant="primary" onClick={() => edit(null)}>
        {t('admin.promo.add')}
      </Button>
      <PromoForm key={formKey} initial={editing} />
    </div>
  );
}

/** Adds a banner or an advert, or changes the one given. */
function PromoForm({ initial }: { initial: PromoInput }) {
  const t = useMessage();
  const ids = useId();
  const save = useSavePromo();
  const upload = useUploadCover();
  const [promo, setPromo] = useState<PromoInput>(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const set = <K extends keyof PromoInput>(key: K) => (value: PromoInput[K]) => setPromo((now) => ({ ...now, [key]: value }));
  return (
    <form
      className={styles.form}
      aria-labelledby={`${ids}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        if (promo.title.trim() === '') return setProblem(t('admin.promo.needTitle'));
        if (promo.image === '') return setProblem(t('admin.promo.needPicture'));
        setProblem(null);
        save.mutate(promo, { onSuccess: (saved) => setPromo({ ...saved }) });
      }}
    >
      <h2 id={`${ids}-title`}>
        {t('admin.promo.form')}
        {promo.id ? ` #${String(promo.id)}` : ''}
      </h2>
      <div className={styles.grid}>
        <Select
          label={t('admin.promo.kind')}
          value={promo.kind}
          disabled={promo.id !== undefined}
          options={[
            { value: 'banner', label: t('admin.promo.kind.banner') },
            { value: 'advert', label: t('admin.promo.kind.advert') },
          ]}
          onChange={(kind) => setPromo((now) => ({ ...now, kind, ...(kind === 'banner' ? { position: 'home' as const } : {}) }))}
        />
        <Select
          label={t('admin.promo.position')}
          value={promo.position}
          disabled={promo.kind === 'banner'}
          options={advertPositions.map((position) => ({ value: position, label: t(`admin.promo.position.${position}`) }))}
          onChange={set('position')}
        />
        <TextInput label={t('admin.promo.titleZh')} value={promo.title} onChange={set('title')} maxLength={60} />
        <TextInput label={t('admin.promo.titleEn')} value={promo.title_en ?? ''} onChange={set('title_en')} maxLength={60} />
        <TextInput label={t('admin.promo.titleVi')} value={promo.title_vi ?? ''} onChange={set('title_vi')} maxLength={60} />
        <TextInput label={t('admin.promo.link')} value={promo.link} onChange={set('link')} maxLength={500} />
        <TextInput label={t('admin.promo.sort')} value={String(promo.sort)} onChange={(value) => set('sort')(Math.max(0, Math.min(1000, Number(value) || 0)))} maxLength={4} />
        <label className={styles.field}>
          {t('admin.promo.startsAt')}
          <input type="datetime-local" value={localValue(promo.starts_at)} onChange={(event) => set('starts_at')(secondsOf(event.target.value))} />
        </label>
        <label className={styles.field}>
          {t('admin.promo.endsAt')}
          <input type="datetime-local" value={localValue(promo.ends_at)} onChange={(event) => set('ends_at')(secondsOf(event.target.value))} />
        </label>
        <label className={styles.check}>
          <input type="checkbox" checked={promo.enabled} onChange={(event) => set('enabled')(event.target.checked)} />
          {t('admin.promo.enabled')}
        </label>
      </div>
      <label className={styles.field}>
        {t('admin.promo.picture')}
        <input
          type="file"
          accept="image/png,image/jpeg"
          disabled={upload.isPending}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) upload.mutate(file, { onSuccess: (path) => set('image')(path) });
          }}
        />
      </label>
      {promo.image && <Image src={promo.image} alt="" width={360} height={120} shape="rounded" />}
      {problem && <p role="alert">{problem}</p>}
      {save.isSuccess && !problem && <p role="status">{t('admin.promo.saved')}</p>}
      <Button type="submit" variant="primary" disabled={save.isPending || upload.isPending}>
        {t('admin.promo.save')}
      </Button>
    </form>
  );
}
