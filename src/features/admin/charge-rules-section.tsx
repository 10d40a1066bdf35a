import { useState } from 'react';
import { useAdminChargeRules, useSaveChargeRule } from '../../api/queries/admin.ts';
import type { components } from '../../api/schema';
import { useMessage } from '../../i18n/use-message.ts';
import { Button } from '../../ui/button.tsx';
import { DataTable, numeric } from '../../ui/data-table.tsx';
import { Form } from '../../ui/form.tsx';
import { TextInput } from '../../ui/text-input.tsx';
import styles from './admin-page.module.css';

type ChargeRule = components['schemas']['AdminChargeRule'];

/** The top-up packages: every one, on sale or not, and a form to add one or change the one chosen. */
export function ChargeRulesSection() {
  const t = useMessage();
  const rules = useAdminChargeRules();
  const [editing, setEditing] = useState<ChargeRule | null>(null);
  return (
    <section className={styles.section} aria-labelledby="admin-charge-rules">
      <h2 id="admin-charge-rules">{t('admin.chargeRules.title')}</h2>
      {rules.isError ? (
        <p role="alert">{t('admin.only')}</p>
      ) : !rules.data ? (
        <p>{t('common.loading')}</p>
      ) : (
        <DataTable caption={t('admin.chargeRules.title')}>
          <thead>
            <tr>
              <th>{t('admin.chargeRules.name')}</th>
              <th className={numeric}>{t('admin.chargeRules.price')}</th>
              <th className={numeric}>{t('admin.chargeRules.diamonds')}</th>
              <th className={numeric}>{t('admin.chargeRules.bonus')}</th>
              <th>{t('admin.chargeRules.onSale')}</th>
              <th>{t('admin.users.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {rules.data.map((rule) => (
              <tr key={rule.id}>
                <td data-user-content>{rule.name}</td>
                <td className={numeric}>{rule.price.toFixed(2)}</td>
                <td className={numeric}>{rule.diamonds}</td>
                <td className={numeric}>{rule.bonus}</td>
                <td>{rule.enabled ? t('admin.chargeRules.yes') : t('admin.chargeRules.no')}</td>
                <td className={styles.nowrap}>
                  <Button onClick={() => setEditing(rule)}>{t('admin.chargeRules.edit')}</Button>
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
      <div className={styles.form}>
        <ChargeRuleForm key={editing?.id ?? 'new'} rule={editing} />
        {editing && <Button onClick={() => setEditing(null)}>{t('admin.chargeRules.addInstead')}</Button>}
      </div>
    </section>
  );
}

const priceText = /^\d{1,6}(\.\d{1,2})?$/;
const diamondText = /^\d{1,8}(\.\d)?$/;

/** Adds a package (rule null) or changes the one given; checked here as the server checks it. */
function ChargeRuleForm({ rule }: { rule: ChargeRule | null }) {
  const t = useMessage();
  const save = useSaveChargeRule();
  const [name, setName] = useState(rule?.name ?? '');
  const [price, setPrice] = useState(rule ? rule.price.toFixed(2) : '');
  const [diamonds, setDiamonds] = useState(rule ? String(rule.diamonds) : '');
  const [bonus, setBonus] = useState(rule ? String(rule.bonus) : '0');
  const [enabled, setEnabled] = useState(rule?.enabled ?? true);
  const [reason, setReason] = useState('');
  const [shown, setShown] = useState<string | null>(null);
  const problem =
    name.trim() === ''
      ? t('admin.chargeRules.nameProblem')
      : !priceText.test(price.trim()) || Number(price) <= 0
        ? t('admin.chargeRules.priceProblem')
        : !diamondText.test(diamonds.trim()) || Number(diamonds) <= 0 || !diamondText.test(bonus.trim())
          ? t('admin.chargeRules.diamondsProblem')
          : Number(bonus) > Number(diamonds)
            ? t('admin.chargeRules.bonusProblem')
            : reason.trim() === ''
              ? t('admin.settings.reasonProblem')
              : null;
  return (
    <Form
      title={rule ? t('admin.chargeRules.editTitle', { name: rule.name }) : t('admin.chargeRules.addTitle')}
      submitLabel={t('admin.chargeRules.save')}
      busy={save.isPending}
      problem={shown ?? (save.error ? save.error.message : null)}
      done={save.isSuccess ? t('admin.settings.saved') : null}
      onSubmit={() => {
        setShown(problem);
        if (problem) return;
        save.mutate({
          ...(rule ? { id: rule.id } : {}),
          name: name.trim(),
          price: Number(price),
          diamonds: Number(diamonds),
          bonus: Number(bonus),
          sort: rule?.sort ?? 0,
          enabled,
          reason: reason.trim(),
        });
      }}
    >
      <TextInput label={t('admin.chargeRules.name')} value={name} onChange={setName} maxLength={20} />
      <TextInput label={t('admin.chargeRules.price')} value={price} onChange={setPrice} maxLength={9} />
      <TextInput label={t('admin.chargeRules.diamonds')} value={diamonds} onChange={setDiamonds} maxLength={10} />
      <TextInput label={t('admin.chargeRules.bonus')} value={bonus} onChange={setBonus} maxLength={10} />
      <label>
        <input type="checkbox" checked={enabled} onChange={(event) => setEnabled(event.target.checked)} /> {t('admin.chargeRules.onSale')}
      </label>
      <TextInput label={t('admin.users.reason')} value={reason} onChange={setReason} maxLength={200} />
    </Form>
  );
}
