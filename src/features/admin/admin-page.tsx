import { useCallback, useId, useMemo, useState, type ComponentType } from 'react';
import { useAdminSettings } from '../../api/queries/admin.ts';
import { useAdminAnchorApplications, useReviewAnchorApplication } from '../../api/queries/anchor.ts';
import { newActionKey, useAdminWithdrawals, useReviewWithdrawal } from '../../api/queries/wallet.ts';
import type { components } from '../../api/schema';
import type { MessageId } from '../../i18n/messages.ts';
import { useMessage } from '../../i18n/use-message.ts';
import { anchorReviewMachine } from '../../machines/anchor-review-machine.ts';
import { withdrawalReviewMachine } from '../../machines/withdrawal-review-machine.ts';
import { readStoredToken } from '../../realtime/stored-user.ts';
import { DataTable, numeric } from '../../ui/data-table.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { Page } from '../../ui/page.tsx';
import styles from './admin-page.module.css';
import { AuditLogPanel } from './audit-log-panel.tsx';
import { ApplicationReviewQueue } from './application-review-queue.tsx';
import { ExpertApplicationPanel } from './expert-application-panel.tsx';
import { ReportReviewPanel } from './report-review-panel.tsx';
import { ReviewActionBar, type ReviewDecisionBody } from './review-action-bar.tsx';
import { ReviewQueueSection } from './review-queue-section.tsx';
import { SiteSettingsPanel } from './site-settings-panel.tsx';
import { UserManagementPanel } from './user-management-panel.tsx';
import { VideoReviewSection } from './video-review-section.tsx';

type AdminWithdrawal = components['schemas']['AdminWithdrawal'];

/**
 * A tab of the admin console. Other areas' review panels (articles, videos, reports) join the console
 * as tabs handed in by the route table, so the console imports no other feature.
 */
export interface AdminTab {
  /** Stable id of the tab, unique in the console. */
  id: string;
  /** The tab's label. */
  title: MessageId;
  /** The panel shown while the tab is chosen; it makes its own calls, which the server role-checks. */
  Panel: ComponentType;
}

/** The console's own tabs, in order: the reviews first, then (after the other areas' tabs) the rest. */
const ownTabs: readonly AdminTab[] = [
  { id: 'anchors', title: 'admin.tab.anchors', Panel: AnchorApplicationSection },
  { id: 'withdrawals', title: 'admin.tab.withdrawals', Panel: WithdrawalReviewSection },
  { id: 'experts', title: 'admin.tab.experts', Panel: ExpertApplicationPanel },
  { id: 'reports', title: 'admin.tab.reports', Panel: ReportReviewPanel },
  { id: 'videos', title: 'admin.videoReviewTab', Panel: VideoReviewSection },
  { id: 'users', title: 'admin.tab.users', Panel: UserManagementPanel },
  { id: 'settings', title: 'admin.tab.settings', Panel: SiteSettingsPanel },
  { id: 'audit', title: 'admin.tab.audit', Panel: AuditLogPanel },
];

/** How many of the console's own tabs are reviews, which the other areas' tabs follow. */
const reviewTabCount = 5;

/** /admin with the tabs other areas add (src/routes.ts hands them in). */
export function adminScreen(extraTabs: readonly AdminTab[]) {
  return function AdminScreen({ title }: { title: string }) {
    return <AdminPage title={title} extraTabs={extraTabs} />;
  };
}

/**
 * /admin: the site's admin console, for admins only (the server refuses everyone else's calls and
 * writes each admin's change to the audit log). One tab at a time: reviews, users, settings, the log.
 */
export function AdminPage({ title, extraTabs = [] }: { title: string; extraTabs?: readonly AdminTab[] }) {
  const t = useMessage();
  const tabs = useMemo(() => [...ownTabs.slice(0, reviewTabCount), ...extraTabs, ...ownTabs.slice(reviewTabCount)], [extraTabs]);
  const [chosen, setChosen] = useState(tabs[0]!.id);
  const baseId = useId();
  const loggedIn = readStoredToken() !== null;
  // One admin-only call tells whether the viewer may see the console at all, so a non-admin reads
  // the refusal once rather than under every tab's heading.
  const access = useAdminSettings(loggedIn);
  if (!loggedIn || access.isError) {
    return (
      <Page title={title}>
        <EmptyState icon="user" title={t('admin.only')} />
      </Page>
    );
  }
  if (!access.data) {
    return (
      <Page title={title}>
        <EmptyState title={t('common.loading')} busy />
      </Page>
    );
  }
  const current = tabs.find((tab) => tab.id === chosen) ?? tabs[0]!;
  return (
    <Page title={title}>
      <div role="tablist" aria-label={title} className={styles.tabs}>
        {tabs.map((tab) => (
          <button
            key={tab.id}
            type="button"
            role="tab"
            id={`${baseId}-${tab.id}`}
            aria-selected={tab.id === current.id}
            aria-controls={`${baseId}-panel`}
            className={styles.tab}
            onClick={() => setChosen(tab.id)}
          >
            {t(tab.title)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-${current.id}`} className={styles.sections}>
        <current.Panel />
      </div>
    </Page>
  );
}

function WithdrawalReviewSection() {
  const t = useMessage();
  return (
    <ReviewQueueSection headingId="admin-withdrawals" title="admin.withdrawals" empty="admin.noneWaiting" usePage={useAdminWithdrawals}>
      {(rows) => (
        <DataTable caption={t('admin.withdrawals')}>
          <thead>
            <tr>
              <th>{t('wallet.time')}</th>
              <th>{t('admin.user')}</th>
              <th className={numeric}>{t('wallet.amount')}</th>
              <th>{t('wallet.to')}</th>
              <th>{t('wallet.status')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <ReviewRow key={row.id} row={row} />
            ))}
          </tbody>
        </DataTable>
      )}
    </ReviewQueueSection>
  );
}

/** One withdrawal under review, driven by the review machine the server also checks against. */
function ReviewRow({ row }: { row: AdminWithdrawal }) {
  const review = useReviewWithdrawal();
  // One key for this row's decision; a retry after a failure sends the same one.
  const [key] = useState(newActionKey);
  const decide = useCallback((body: ReviewDecisionBody) => review({ id: row.id, ...body }, key), [review, row.id, key]);
  return (
    <tr>
      <td className={styles.number}>{new Date(row.created_at * 1000).toLocaleString()}</td>
      <td data-user-content>{row.user_nickname}</td>
      <td className={numeric}>{row.amount}</td>
      <td>{row.account}</td>
      <td>
        <ReviewActionBar inline machine={withdrawalReviewMachine} status={row.status} decide={decide} approveLabel="admin.approve" />
      </td>
    </tr>
  );
}

/** The anchor applications under review, oldest first (SPEC §4, §5). */
function AnchorApplicationSection() {
  const t = useMessage();
  const review = useReviewAnchorApplication();
  return (
    <ApplicationReviewQueue
      headingId="admin-anchor-applications"
      title="admin.anchorApplications"
      empty="admin.noApplicationsWaiting"
      usePage={useAdminAnchorApplications}
      itemIdPrefix="anchor-application"
      machine={anchorReviewMachine}
      review={review}
      approveLabel="admin.approveAnchor"
    >
      {(row) => (
        <>
          <dt>{t('anchorApply.realName')}</dt>
          <dd data-user-content>{row.real_name}</dd>
          <dt>{t('anchorApply.idNumber')}</dt>
          <dd className={styles.number}>{row.id_number}</dd>
          <dt>{t(`anchorApply.contact.${row.contact_type}`)}</dt>
          <dd data-user-content>{row.contact}</dd>
          {row.inviter && (
            <>
              <dt>{t('admin.inviter')}</dt>
              <dd data-user-content>{row.inviter}</dd>
            </>
          )}
          <dt>{t('anchorApply.experience')}</dt>
          <dd className={styles.experience} data-user-content>
            {row.experience}
          </dd>
        </>
      )}
    </ApplicationReviewQueue>
  );
}
