import { defineAreaHandlers } from '../../ports/area-handlers.ts';
import { languageOf } from '../../i18n/server-messages.ts';
import { headlineArticle, headlineCategories, headlinePage, submitHeadline } from './headline-service.ts';
import { markNoticesRead, noticesPage } from './notice-service.ts';
import { portalPages } from './portal-page-service.ts';
import { adverts, homeBanners } from './promo-service.ts';
import { searchHot } from './search-hot-service.ts';
import { searchAnchors, searchEverything, searchRooms } from './search-service.ts';

export const contentHandlers = defineAreaHandlers('content', {
  universalGetHot: ({ server }) => searchHot(server),
  pushGetList: ({ server, input, me, request }) => noticesPage(server, me().id, input, languageOf(request.headers)),
  portalPostGetList2: ({ server, input, request }) => portalPages(server, input, languageOf(request.headers)),
  searchIndex: ({ server, input, user }) => searchEverything(server, input, user?.id ?? null),
  searchAnchor: ({ server, input, user }) => searchAnchors(server, input, user?.id ?? null),
  searchLive: ({ server, input, user }) => searchRooms(server, input, user?.id ?? null),
  pushRead: ({ server, input, me }) => markNoticesRead(server, me().id, input ?? {}),
  headlinesClassifyList: ({ server, request }) => headlineCategories(server, languageOf(request.headers)),
  headlinesGetList: ({ server, input }) => headlinePage(server, input),
  headlinesInfo: ({ server, input, user, request }) => headlineArticle(server, input, user?.id ?? null, languageOf(request.headers)),
  headlinesUserInsert: ({ server, input, me }) => submitHeadline(server, me().id, input),
  bannerGetBannerList: ({ server, request }) => homeBanners(server, languageOf(request.headers)),
  bannerGetAdvertisement: ({ server, input, request }) => adverts(server, input, languageOf(request.headers)),
});
