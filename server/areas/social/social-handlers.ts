import { defineAreaHandlers } from '../../ports/area-handlers.ts';
import { languageOf } from '../../i18n/server-messages.ts';
import { barrageStyles, sendBarrage } from './barrage-service.ts';
import { followedUsers, setFollow, watchlist } from './follow-service.ts';
import { hornList, sendHorn } from './horn-service.ts';

export const socialHandlers = defineAreaHandlers('social', {
  memberAttention: ({ server, input, me }) => setFollow(server, me().id, input.uid, input.type === 1),
  userAttentionList: ({ server, input, me }) => followedUsers(server, me().id, input.page, input.limit),
  userWatchlistList: ({ server, input }) => watchlist(server, input.uid, input.page, input.limit),
  barrageGetList: ({ server, request }) => barrageStyles(server, languageOf(request.headers)),
  barrageSend: ({ server, me, input, idempotencyKey }) => sendBarrage(server, me().id, input, idempotencyKey),
  memberSneHorn: ({ server, me, input, idempotencyKey }) => sendHorn(server, me().id, input, idempotencyKey),
  memberHornList: ({ server, input }) => hornList(server, input),
});
