import { adminScreen, type AdminTab } from '../features/admin/admin-page.tsx';
import { FailedTranscodesPanel } from '../features/video/failed-transcodes-panel.tsx';
import { PromoAdminPanel } from '../features/content/promo-admin-panel.tsx';
import { HeadlineReviewPanel } from './headline-review-panel.tsx';

/**
 * Other areas' review panels in the admin console (articles, videos, reported posts), each a tab
 * `{ id, title, Panel }` shown after the console's own reviews; the console imports no other feature.
 */
const reviewTabs: readonly AdminTab[] = [
  { id: 'headlines', title: 'admin.tab.headlines', Panel: HeadlineReviewPanel },
  { id: 'transcodes', title: 'admin.tab.transcodes', Panel: FailedTranscodesPanel },
  { id: 'promos', title: 'admin.tab.promos', Panel: PromoAdminPanel },
];

/** /admin: the admin console with the other areas' review tabs. */
export const AdminScreen = adminScreen(reviewTabs);
