import { languageOf } from '../../i18n/server-messages.ts';
import { defineAreaHandlers } from '../../ports/area-handlers.ts';
import { circleList, joinCircle } from './circle-service.ts';
import { addComment, commentPage } from './comment-service.ts';
import { likeComment, likePost } from './like-service.ts';
import { deletePost, postInfo, postPage, publishPost } from './post-service.ts';

export const circleHandlers = defineAreaHandlers('circle', {
  anchorDynamicsUserInsert: ({ server, request, me }) => publishPost(server, request, me().id, languageOf(request.headers)),
  anchorDynamicsUserLikes: ({ server, input, me }) => likePost(server, input, me().id),
  anchorDynamicsUserComment: ({ server, input, me }) => addComment(server, input, me().id),
  anchorDynamicsUserCommentLikes: ({ server, input, me }) => likeComment(server, input, me().id),
  anchorDynamicsInfo: ({ server, input, user, request }) => postInfo(server, input, user?.id ?? null, languageOf(request.headers)),
  anchorDynamicsDeletePost: ({ server, input, me }) => deletePost(server, input, me()),
  anchorDynamicsCommentList: ({ server, input, user }) => commentPage(server, input, user?.id ?? null),
  anchorDynamicsUserPostList: ({ server, input, user, request }) => postPage(server, input, user?.id ?? null, languageOf(request.headers)),
  circleList: ({ server, user, request }) => circleList(server, user?.id ?? null, languageOf(request.headers)),
  circleJoin: ({ server, input, me, request }) => joinCircle(server, me().id, input, languageOf(request.headers)),
});
