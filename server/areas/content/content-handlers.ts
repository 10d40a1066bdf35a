import { defineAreaHandlers } from '../../ports/area-handlers.ts';
import { languageOf } from '../../i18n/server-messages.ts';
import { addHeadlineComment, headlineArticle, headlineCategories, headlineCommentPage, headlinePage, likeHeadlineComment, submitHeadline } from './headline-service.ts';
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
  headlinesGetList: ({ server, input, request }) => headlinePage(server, input, languageOf(request.headers)),
  headlinesInfo: ({ server, input, user, request }) => headlineArticle(server, input, user?.id ?? null, languageOf(request.headers)),
  headlinesUserInsert: ({ server, input, me, request }) => submitHeadline(server, me().id, input, languageOf(request.headers)),
  headlinesCommentList: ({ server, input, user }) => headlineCommentPage(server, input, user?.id ?? null),
  headlinesUserComment: ({ server, input, me }) => addHeadlineComment(server, input, me().id),
  headlinesUserCommentLikes: ({ server, input, me }) => likeHeadlineComment(server, input, me().id),
  bannerGetBannerList: ({ server, request }) => homeBanners(server, languageOf(request.headers)),
  bannerGetAdvertisement: ({ server, input, request }) => adverts(server, input, languageOf(request.headers)),
});
