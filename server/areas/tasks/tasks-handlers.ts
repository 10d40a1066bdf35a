import { defineAreaHandlers } from '../../ports/area-handlers.ts';
import { languageOf } from '../../i18n/server-messages.ts';
import { currentActivity } from './activity-service.ts';
import { exchangeGoods, exchangeRecords, goodsList } from './mall-service.ts';
import { signIn, signTaskBoard } from './sign-in-service.ts';
import { taskCentre } from './task-service.ts';

export const tasksHandlers = defineAreaHandlers('tasks', {
  activityPcSignTaskList: ({ server, me, request }) => signTaskBoard(server, me().id, languageOf(request.headers)),
  activityTaskHandleSign: ({ server, input, me, idempotencyKey }) => signIn(server, me().id, input.id, idempotencyKey),
  activityConfigUserTaskList: ({ server, me, request }) => taskCentre(server, me().id, languageOf(request.headers)),
  activityConfigGetActivityUrl: ({ server, request }) => currentActivity(server, languageOf(request.headers)),
  goodsGoodsList: ({ server, input, request }) => goodsList(server, input, languageOf(request.headers)),
  goodsExchangeRecords: ({ server, me, input, request }) => exchangeRecords(server, me().id, input, languageOf(request.headers)),
  goodsExchange: ({ server, me, input, idempotencyKey, request }) => exchangeGoods(server, me().id, input, idempotencyKey, languageOf(request.headers)),
});
