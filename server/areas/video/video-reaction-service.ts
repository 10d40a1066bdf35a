import type { DataOf } from '../../contract/operation-types.ts';
import { DomainError } from '../../errors.ts';
import type { ServerContext } from '../../ports/server-context.ts';
import { videoListMessages } from './video-list-service.ts';
import { listed } from './video-queries.ts';

export const videoReactionMessages = {
  commentNotFound: 'This comment does not exist or has been deleted',
} as const;

async function listedVideo(server: ServerContext, videoId: number) {
  const row = await server.database.db.selectFrom('videos').select('videos.id').where('videos.id', '=', videoId).where(listed).executeTakeFirst();
  if (!row) throw new DomainError(videoListMessages.notFound);
}

/**
 * Video/addView: a viewer (by user, else by address) counts once per video per clock hour; the page
 * sends it after 10 s of watching. The view's row and its count are one statement each, the count
 * kept by a trigger, so a repeat within the hour conflicts and changes nothing.
 */
export async function addView(
  server: ServerContext,
  viewer: { userId: number | null; address: string },
  videoId: number,
): Promise<DataOf<'videoAddView'>> {
  await listedVideo(server, videoId);
  const now = server.clock.now();
  const hour = new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000);
  const key = viewer.userId === null ? `a${viewer.address}`.slice(0, 80) : `u${viewer.userId}`;
  await server.database.db
    .insertInto('video_views')
    .values({ video_id: videoId, viewer: key, hour })
    .onConflict((conflict) => conflict.columns(['video_id', 'viewer', 'hour']).doNothing())
    .execute();
  const row = await server.database.db.selectFrom('videos').select('views').where('id', '=', videoId).executeTakeFirstOrThrow();
  return { video_id: videoId, view_count: row.views };
}

/** Video_user/likes: 1 likes, 0 takes the like back; doing what is already so changes nothing. */
export async function likeVideo(server: ServerContext, userId: number, videoId: number, like: 0 | 1): Promise<DataOf<'videoUserLikes'>> {
  await listedVideo(server, videoId);
  const db = server.database.db;
  if (like === 1) {
    await db
      .insertInto('likes')
      .values({ user_id: userId, target_type: 'video', target_id: videoId, created_at: server.clock.now() })
      .onConflict((conflict) => conflict.columns(['user_id', 'target_type', 'target_id']).doNothing())
      .execute();
  } else {
    await db.deleteFrom('likes').where('user_id', '=', userId).where('target_type', '=', 'video').where('target_id', '=', videoId).execute();
  }
  const row = await db.selectFrom('videos').select('like_count').where('id', '=', videoId).executeTakeFirstOrThrow();
  return { video_id: videoId, is_like: like, like_count: row.like_count };
}

/** Video_user/favorites: 1 adds to the viewer's favourites, 0 removes; doing what is already so changes nothing. */
export async function favoriteVideo(
  server: ServerContext,
  userId: number,
  videoId: number,
  favorite: 0 | 1,
): Promise<DataOf<'videoUserFavorites'>> {
  await listedVideo(server, videoId);
  const db = server.database.db;
  if (favorite === 1) {
    await db
      .insertInto('video_favorites')
      .values({ user_id: userId, video_id: videoId, created_at: server.clock.now() })
      .onConflict((conflict) => conflict.columns(['user_id', 'video_id']).doNothing())
      .execute();
  } else {
    await db.deleteFrom('video_favorites').where('user_id', '=', userId).where('video_id', '=', videoId).execute();
  }
  const row = await db.selectFrom('videos').select('favorite_count').where('id', '=', videoId).executeTakeFirstOrThrow();
  return { video_id: videoId, is_favorite: favorite, favorite_count: row.favorite_count };
}

/** Video_user/commentLikes: like a comment or reply of a video everyone may see, or take the like back. */
export async function likeComment(
  server: ServerContext,
  userId: number,
  commentId: number,
  like: 0 | 1,
): Promise<DataOf<'videoUserCommentLikes'>> {
  const db = server.database.db;
  const comment = await db
    .selectFrom('video_comments')
    .innerJoin('videos', 'videos.id', 'video_comments.video_id')
    .select('video_comments.id')
    .where('video_comments.id', '=', commentId)
    .where('video_comments.deleted_at', 'is', null)
    .where(listed)
    .executeTakeFirst();
  if (!comment) throw new DomainError(videoReactionMessages.commentNotFound);
  if (like === 1) {
    await db
      .insertInto('likes')
      .values({ user_id: userId, target_type: 'video_comment', target_id: commentId, created_at: server.clock.now() })
      .onConflict((conflict) => conflict.columns(['user_id', 'target_type', 'target_id']).doNothing())
      .execute();
  } else {
    await db
      .deleteFrom('likes')
      .where('user_id', '=', userId)
      .where('target_type', '=', 'video_comment')
      .where('target_id', '=', commentId)
      .execute();
  }
  const row = await db.selectFrom('video_comments').select('like_count').where('id', '=', commentId).executeTakeFirstOrThrow();
  return { comment_id: commentId, is_like: like, like_count: row.like_count };
}
