// What other areas may use of the content area, each name taken from the file that defines it. An area reaches
// another only through that area's public file (README, Layout), and lint holds it.

export { noticeMessages, notifyUser } from './notice-service.ts';
export { adminHeadlineList, reviewHeadline } from './headline-service.ts';
export { adminPromoList, deletePromo, savePromo } from './promo-service.ts';
