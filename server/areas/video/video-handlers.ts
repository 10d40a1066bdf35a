import { defineAreaHandlers } from '../../ports/area-handlers.ts';
import { languageOf } from '../../i18n/server-messages.ts';
import { allCategories, categoryTabs, changeMyCategories, myCategories, recommendedCategories, searchCategories } from './video-category-service.ts';
import { addComment, commentList, replyList } from './video-comment-service.ts';
import { anchorWorks, categoryVideos, favoriteVideos, userPosts, videoInfo, videoList, videoRank } from './video-list-service.ts';
import { publishPlayback } from './video-publish-service.ts';
import { pagingOf } from './video-queries.ts';
import { addView, favoriteVideo, likeComment, likeVideo } from './video-reaction-service.ts';
import { retryTranscode, transcodeJob, transcodeJobsFor, transcodeMessages } from './video-transcode-service.ts';
import { deleteVideo, insertResumedUpload, insertVideo, videoUploadMessages } from './video-upload-service.ts';

export const videoHandlers = defineAreaHandlers('video', {
  videoGetList: ({ server, user, input, request }) => videoList(server, user?.id ?? null, input, languageOf(request.headers)),
  videoVideoList: ({ server, user, input, request }) => categoryVideos(server, user?.id ?? null, input, languageOf(request.headers)),
  videoAnchorWorks: ({ server, user, input, request }) => anchorWorks(server, user?.id ?? null, input, languageOf(request.headers)),
  videoUserPostList: ({ server, user, me, input, request }) => userPosts(server, user, me, input, languageOf(request.headers)),
  videoRankGetRank: ({ server, user, input, request }) => videoRank(server, user?.id ?? null, input, languageOf(request.headers)),
  videoGetVideoInfo: ({ server, user, input, request }) => videoInfo(server, user, input.video_id, languageOf(request.headers)),
  videoAddView: ({ server, user, input, request }) => addView(server, { userId: user?.id ?? null, address: request.ip }, input.video_id),
  videoUserLikes: ({ server, me, input }) => likeVideo(server, me().id, input.video_id, input.like),
  videoUserFavorites: ({ server, me, input }) => favoriteVideo(server, me().id, input.video_id, input.favorite),
  videoUserFavoriteList: ({ server, me, input, request }) => favoriteVideos(server, me().id, pagingOf(input), languageOf(request.headers)),
  videoCommentList: ({ server, user, input }) => commentList(server, user?.id ?? null, input),
  videoCommentOneList: ({ server, user, input }) => replyList(server, user?.id ?? null, input),
  videoUserComment: ({ server, me, input, say }) => addComment(server, me().id, input, say),
  videoUserCommentLikes: ({ server, me, input }) => likeComment(server, me().id, input.comment_id, input.like),
  videoUserInsert: async ({ server, me, request, say }) => {
    const video = await insertVideo(server, request, me(), languageOf(request.headers));
    say(videoUploadMessages.added);
    return video;
  },
  videoUserDelete: async ({ server, me, input, say }) => {
    await deleteVideo(server, me(), input.video_id);
    say(videoUploadMessages.deleted);
    return null;
  },
  videoUserInsertUpload: async ({ server, me, input, say, request }) => {
    const video = await insertResumedUpload(server, me(), input, languageOf(request.headers));
    say(videoUploadMessages.added);
    return video;
  },
  videoUserPublishPlayback: async ({ server, me, input, say, request }) => {
    const video = await publishPlayback(server, me(), input, languageOf(request.headers));
    say(videoUploadMessages.added);
    return video;
  },
  videoUserTranscodeJob: ({ server, me, input, request }) => transcodeJob(server, me(), input.video_id, languageOf(request.headers)),
  videoUserRetryTranscode: async ({ server, me, input, say, request }) => {
    const job = await retryTranscode(server, me(), input.video_id, languageOf(request.headers));
    say(transcodeMessages.retried);
    return job;
  },
  adminVideoTranscodeJobs: ({ server, input, request }) =>
    transcodeJobsFor(server, input.status ?? 'failed', pagingOf(input), languageOf(request.headers)),
  videoVideoclassification: ({ server, user, request }) => categoryTabs(server, user?.id ?? null, languageOf(request.headers)),
  videocclassificationAllList: ({ server, user, request }) => allCategories(server, user?.id ?? null, languageOf(request.headers)),
  videocclassificationRecommend: ({ server, user, request }) => recommendedCategories(server, user?.id ?? null, languageOf(request.headers)),
  videocclassificationSearch: ({ server, user, input, request }) => searchCategories(server, user?.id ?? null, input.name, languageOf(request.headers)),
  videocclassificationMyClassification: ({ server, me, request }) => myCategories(server, me().id, languageOf(request.headers)),
  videocclassificationAddMyclassification: ({ server, me, input, say, request }) =>
    changeMyCategories(server, me().id, input, languageOf(request.headers), say),
});
