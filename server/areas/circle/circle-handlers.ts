import { defineAreaHandlers } from '../../ports/area-handlers.ts';
import { addComment, commentPage } from './comment-service.ts';
import { likeComment, likePost } from './like-service.ts';
import { deletePost, postInfo, postPage, publishPost } from './post-service.ts';

export const circleHandlers = defineAreaHandlers('circle', {
  anchorDynamicsUserInsert: ({ server, request, me }) => publishPost(server, request, me().id),
  anchorDynamicsUserLikes: ({ server, input, me }) => likePost(server, input, me().id),
  anchorDynamicsUserComment: ({ server, input, me }) => addComment(server, input, me().id),
  anchorDynamicsUserCommentLikes: ({ server, input, me }) => likeComment(server, input, me().id),
  anchorDynamicsInfo: ({ server, input, user }) => postInfo(server, input, user?.id ?? null),
  anchorDynamicsDeletePost: ({ server, input, me }) => deletePost(server, input, me()),
  anchorDynamicsCommentList: ({ server, input, user }) => commentPage(server, input, user?.id ?? null),
  anchorDynamicsUserPostList: ({ server, input, user }) => postPage(server, input, user?.id ?? null),
});
