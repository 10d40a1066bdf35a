// What other areas may use of the circle area: the comment threads, which news articles have too.
export { addThreadComment, threadCommentPage, type CommentThread } from './comment-service.ts';
export { likeThreadComment } from './like-service.ts';
