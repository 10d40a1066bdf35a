import { useState } from 'react';
import { useAdminUsers, useResetPassword, useSetUserBan, useSetUserMute, useSetUserRoles } from '../../api/queries/admin.ts';
import type { components } from '../../api/schema';
import { useMessage } from '../../i18n/use-message.ts';
import { usePaginationLabels } from '../../i18n/use-pagination-labels.ts';
import { Button } from '../../ui/button.tsx';
import { DataTable } from '../../ui/data-table.tsx';
import { Pagination, pageCountOf } from '../../ui/pagination.tsx';
import { Select } from '../../ui/select.tsx';
import { TextInput } from '../../ui/text-input.tsx';
import styles from './admin-page.module.css';

type AdminUser = components['schemas']['AdminUser'];

/** How long a site-wide mute lasts, in minutes: an hour, a day, a week, a month. */
const muteLengths = ['60', '1440', '10080', '43200'] as const;
type MuteLength = (typeof muteLengths)[number];

/** Users: search, ban or lift a ban, mute site-wide for a time, set roles, reset a password; each change needs a reason for the log. */
export function UserManagementPanel() {
  const t = useMessage();
  const pageLabels = usePaginationLabels();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const users = useAdminUsers(search.trim(), page);
  return (
    <section className={styles.section} aria-labelledby="admin-users">
      <h2 id="admin-users">{t('admin.tab.users')}</h2>
      <TextInput label={t('admin.users.search')} type="search" value={search} maxLength={20} onChange={(value) => (setSearch(value), setPage(1))} />
      {users.isError ? (
        <p role="alert">{t('admin.only')}</p>
      ) : !users.data ? (
        <p>{t('common.loading')}</p>
      ) : (
        <>
          <DataTable caption={t('admin.tab.users')} className={styles.userCards}>
            <thead>
              <tr>
                <th>{t('admin.user')}</th>
                <th>{t('admin.users.mobile')}</th>
                <th>{t('admin.users.roles')}</th>
                <th>{t('admin.users.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {users.data.list.map((user) => (
                <UserRow key={user.id} user={user} />
              ))}
            </tbody>
          </DataTable>
          <Pagination {...pageLabels} page={page} pageCount={pageCountOf(users.data.total, users.data.limit)} onChange={setPage} label={t('admin.tab.users')} />
        </>
      )}
    </section>
  );
}

function UserRow({ user }: { user: AdminUser }) {
  const t = useMessage();
  const ban = useSetUserBan();
  const roles = useSetUserRoles();
  const reset = useResetPassword();
  const mute = useSetUserMute();
  const [reason, setReason] = useState('');
  const [muteLength, setMuteLength] = useState<MuteLength>('1440');
  const failure = [ban.error, roles.error, reset.error, mute.error].find(Boolean);
  const busy = ban.isPending || roles.isPending || reset.isPending || mute.isPending;
  const setRole = (role: 'is_anchor' | 'is_expert' | 'is_admin') =>
    roles.mutate({ user_id: user.id, is_anchor: user.is_anchor, is_expert: user.is_expert, is_admin: user.is_admin, [role]: !user[role], reason: reason.trim() });
  return (
    <tr>
      <td data-label={t('admin.user')}>
        <span data-user-content>{user.user_nickname}</span> <span className={styles.muted}>#{user.id}</span>
        {user.banned && <strong className={styles.broken}> {t('admin.users.banned')}</strong>}
        {user.muted_until !== null && (
          <strong className={styles.broken}> {t('admin.users.mutedUntil', { time: new Date(user.muted_until * 1000).toLocaleString() })}</strong>
        )}
      </td>
      <td className={styles.number} data-label={t('admin.users.mobile')}>
        {user.mobile}
      </td>
      <td data-label={t('admin.users.roles')}>
        <div className={styles.row}>
          {(['is_anchor', 'is_expert', 'is_admin'] as const).map((role) => (
            <label key={role}>
              <input type="checkbox" checked={user[role]} disabled={busy || reason.trim() === ''} onChange={() => setRole(role)} /> {t(`admin.users.${role}`)}
            </label>
          ))}
        </div>
      </td>
      <td data-label={t('admin.users.actions')}>
        <div className={styles.row}>
          <TextInput label={t('admin.users.reason')} hideLabel placeholder={t('admin.users.reason')} value={reason} onChange={setReason} maxLength={200} />
          <Button disabled={busy || reason.trim() === ''} onClick={() => ban.mutate({ user_id: user.id, banned: !user.banned, reason: reason.trim() })}>
            {user.banned ? t('admin.users.unban') : t('admin.users.ban')}
          </Button>
          {user.muted_until === null ? (
            <>
              <Select
                label={t('admin.users.muteLength')}
                hideLabel
                value={muteLength}
                options={muteLengths.map((value) => ({ value, label: t(`admin.users.muteFor.${value}`) }))}
                onChange={setMuteLength}
              />
              <Button disabled={busy || reason.trim() === ''} onClick={() => mute.mutate({ user_id: user.id, muted: true, minutes: Number(muteLength), reason: reason.trim() })}>
                {t('admin.users.mute')}
              </Button>
            </>
          ) : (
            <Button disabled={busy || reason.trim() === ''} onClick={() => mute.mutate({ user_id: user.id, muted: false, reason: reason.trim() })}>
              {t('admin.users.unmute')}
            </Button>
          )}
          <Button disabled={busy || reason.trim() === ''} onClick={() => reset.mutate({ user_id: user.id, reason: reason.trim() })}>
            {t('admin.users.resetPassword')}
          </Button>
          {reset.data && (
            <span role="status">
              {t('admin.users.newPassword')} <code>{reset.data.password}</code>
            </span>
          )}
          {failure && <span role="alert">{failure.message}</span>}
        </div>
      </td>
    </tr>
  );
}
