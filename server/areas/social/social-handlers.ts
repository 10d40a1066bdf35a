import { defineAreaHandlers } from '../../contract/area-handlers.ts';
import { followedUsers, setFollow, watchlist } from './follow-service.ts';

export const socialHandlers = defineAreaHandlers('social', {
  memberAttention: ({ server, input, me }) => setFollow(server, me().id, input.uid, input.type === 1),
  userAttentionList: ({ server, input, me }) => followedUsers(server, me().id, input.page, input.limit),
  userWatchlistList: ({ server, input }) => watchlist(server, input.uid, input.page, input.limit),
});
