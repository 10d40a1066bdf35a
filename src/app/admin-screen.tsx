import { adminScreen, type AdminTab } from '../features/admin/admin-page.tsx';
import { FailedTranscodesPanel } from '../features/video/failed-transcodes-panel.tsx';

/**
 * Other areas' review panels in the admin console (articles, videos, reported posts), each a tab
 * `{ id, title, Panel }` shown after the console's own reviews; the console imports no other feature.
 */
const reviewTabs: readonly AdminTab[] = [{ id: 'transcodes', title: 'admin.tab.transcodes', Panel: FailedTranscodesPanel }];

/** /admin: the admin console with the other areas' review tabs. */
export const AdminScreen = adminScreen(reviewTabs);
