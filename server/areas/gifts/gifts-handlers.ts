import { defineAreaHandlers } from '../../ports/area-handlers.ts';
import { languageOf } from '../../i18n/server-messages.ts';
import { backpack, giftList, receivedGifts, sendGift } from './gift-service.ts';
import { buyGuard, guardTiers } from './guard-service.ts';

export const giftsHandlers = defineAreaHandlers('gifts', {
  giftGetList: ({ server, request }) => giftList(server, languageOf(request.headers)),
  giftGetUserGiftList: ({ server, me, request }) => backpack(server, me().id, languageOf(request.headers)),
  memberHandselGift: ({ server, me, input, idempotencyKey }) => sendGift(server, me().id, input, idempotencyKey),
  memberWebgetAnchorgiftlist: ({ server, me, input, request }) => receivedGifts(server, me().id, input, languageOf(request.headers)),
  guardGetList: ({ server, request }) => guardTiers(server, languageOf(request.headers)),
  guardUserBuy: ({ server, me, input, idempotencyKey }) => buyGuard(server, me().id, input, idempotencyKey),
});
