import { adminScreen, type AdminTab } from '../features/admin/admin-page.tsx';

/**
 * Other areas' review panels in the admin console (articles, videos, reported posts), each a tab
 * `{ id, title, Panel }` shown after the console's own reviews; the console imports no other feature.
 */
const reviewTabs: readonly AdminTab[] = [];

/** /admin: the admin console with the other areas' review tabs. */
export const AdminScreen = adminScreen(reviewTabs);
