import { defineAreaHandlers } from '../../ports/area-handlers.ts';
import { languageOf } from '../../i18n/server-messages.ts';
import { applyForExpert, myExpertApplication } from './expert-application-service.ts';
import { expertProfile, expertRanking } from './expert-ranking-service.ts';
import { boughtPlans, buyPlan, mySales, planDetail, planList, publishableMatches, publishPlan } from './plan-service.ts';

export const expertHandlers = defineAreaHandlers('expert', {
  memberApplyChannel: ({ server, me, input }) => applyForExpert(server, me().id, input),
  memberExpertApplication: ({ server, me }) => myExpertApplication(server, me().id),
  expertPublishableMatches: ({ server, me, request }) => publishableMatches(server, me().id, languageOf(request.headers)),
  expertPublishPlan: ({ server, me, input, request }) => publishPlan(server, me().id, input, languageOf(request.headers)),
  expertPlanList: ({ server, user, input, request }) => planList(server, user?.id ?? null, input, languageOf(request.headers)),
  expertPlanDetail: ({ server, user, input, request }) => planDetail(server, user?.id ?? null, input.id, languageOf(request.headers)),
  expertBuyPlan: ({ server, me, input, idempotencyKey, request }) => buyPlan(server, me().id, input.id, idempotencyKey, languageOf(request.headers)),
  expertBoughtPlans: ({ server, me, input, request }) => boughtPlans(server, me().id, input, languageOf(request.headers)),
  expertMySales: ({ server, me, input, request }) => mySales(server, me().id, input, languageOf(request.headers)),
  expertRanking: ({ server, input }) => expertRanking(server, input),
  expertProfile: ({ server, input }) => expertProfile(server, input.id),
});
