import { useState } from 'react';
import { useAdminSettings, useUpdateSettings } from '../../api/queries/admin.ts';
import type { components } from '../../api/schema';
import { useMessage } from '../../i18n/use-message.ts';
import { Form } from '../../ui/form.tsx';
import { Select } from '../../ui/select.tsx';
import { TextInput } from '../../ui/text-input.tsx';
import styles from './admin-page.module.css';
import { ChargeRulesSection } from './charge-rules-section.tsx';

type Settings = components['schemas']['SiteSettings'];

type SlowSeconds = Settings['room_slow_seconds_default'];
const slowModeChoices: readonly SlowSeconds[] = [0, 3, 5, 10, 30];

/**
 * The site's rules: the gift and plan splits, the refund rule of lost plans, the second review of
 * withdrawals, a new room's slow mode; then the top-up packages.
 */
export function SiteSettingsPanel() {
  const t = useMessage();
  const settings = useAdminSettings();
  if (settings.isError) return <p role="alert">{t('admin.only')}</p>;
  if (!settings.data) return <p>{t('common.loading')}</p>;
  return (
    <>
      <SettingsForm key={JSON.stringify(settings.data)} settings={settings.data} />
      <ChargeRulesSection />
    </>
  );
}

function SettingsForm({ settings }: { settings: Settings }) {
  const t = useMessage();
  const update = useUpdateSettings();
  const [giftShare, setGiftShare] = useState(String(settings.gift_anchor_share));
  const [planShare, setPlanShare] = useState(String(settings.plan_expert_share));
  const [refund, setRefund] = useState(settings.plan_refund_on_loss);
  const [limit, setLimit] = useState(String(settings.withdrawal_second_review_above));
  const [slowMode, setSlowMode] = useState(String(settings.room_slow_seconds_default));
  const [reason, setReason] = useState('');
  const share = (text: string) => (/^(0(\.\d{1,3})?|1(\.0+)?)$/.test(text.trim()) ? Number(text) : null);
  const amount = (text: string) => (/^\d{1,8}(\.\d)?$/.test(text.trim()) ? Number(text) : null);
  const problem =
    share(giftShare) === null || share(planShare) === null
      ? t('admin.settings.shareProblem')
      : amount(limit) === null
        ? t('admin.settings.limitProblem')
        : reason.trim() === ''
          ? t('admin.settings.reasonProblem')
          : null;
  const [shown, setShown] = useState<string | null>(null);
  return (
    <section className={styles.section} aria-labelledby="admin-settings">
      <h2 id="admin-settings">{t('admin.tab.settings')}</h2>
      <div className={styles.form}>
        <Form
          submitLabel={t('admin.settings.save')}
          busy={update.isPending}
          problem={shown ?? (update.error ? update.error.message : null)}
          done={update.isSuccess ? t('admin.settings.saved') : null}
          onSubmit={() => {
            setShown(problem);
            if (problem) return;
            update.mutate({
              gift_anchor_share: share(giftShare)!,
              plan_expert_share: share(planShare)!,
              plan_refund_on_loss: refund,
              withdrawal_second_review_above: amount(limit)!,
              room_slow_seconds_default: slowModeChoices.find((choice) => String(choice) === slowMode) ?? 0,
              reason: reason.trim(),
            });
          }}
        >
          <TextInput label={t('admin.settings.giftShare')} value={giftShare} onChange={setGiftShare} maxLength={5} />
          <TextInput label={t('admin.settings.planShare')} value={planShare} onChange={setPlanShare} maxLength={5} />
          <label>
            <input type="checkbox" checked={refund} onChange={(event) => setRefund(event.target.checked)} /> {t('admin.settings.refundOnLoss')}
          </label>
          <TextInput label={t('admin.settings.secondReview')} value={limit} onChange={setLimit} maxLength={10} />
          <Select
            label={t('admin.settings.slowMode')}
            value={slowMode}
            options={slowModeChoices.map((seconds) => ({
              value: String(seconds),
              label: seconds === 0 ? t('admin.settings.slowModeOff') : t('admin.settings.slowModeSeconds', { seconds }),
            }))}
            onChange={setSlowMode}
          />
          <TextInput label={t('admin.users.reason')} value={reason} onChange={setReason} maxLength={200} />
        </Form>
      </div>
    </section>
  );
}
