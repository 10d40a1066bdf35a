import { circleComments, circleDefs, circlePosts } from './catalogue/circle-catalogue.ts';
import { videoCategoryDefs, videoComments, videoTitleTemplates } from './catalogue/video-catalogue.ts';
import { demoRecordingSeconds } from './video-seed.ts';
import {
  at,
  clipPath,
  dayMs,
  demoClips,
  insertReturningIds,
  insertRows,
  media,
  minuteMs,
  type SeedContext,
  type SeededAccounts,
  type SeededScores,
  type SeededUser,
} from './context.ts';

type LikeRow = {
  user_id: number;
  target_type: 'circle_post' | 'circle_comment' | 'video' | 'video_comment';
  target_id: number;
  created_at: Date;
};

/** Circles with posts, comments and likes; video categories with videos, comments and favourites. */
export async function seedCommunity(ctx: SeedContext, accounts: SeededAccounts, scores: SeededScores): Promise<void> {
  const { db } = ctx;
  const random = ctx.random.fork('community');
  const people: SeededUser[] = [
    accounts.viewer,
    accounts.anchor,
    accounts.expert,
    ...accounts.anchors.slice(1),
    ...accounts.experts.slice(1),
    ...accounts.regulars,
  ];
  const ago = (maxMinutes: number, minMinutes = 5) => at(ctx, -random.int(minMinutes, maxMinutes) * minuteMs);
  const likes = new Map<string, LikeRow>();
  const like = (target_type: LikeRow['target_type'], target_id: number, count: number, after: Date) => {
    for (const user of random.sample(people, count))
      likes.set(`${user.id}:${target_type}:${target_id}`, {
        user_id: user.id,
        target_type,
        target_id,
        created_at: new Date(Math.min(ctx.now.getTime(), after.getTime() + random.int(1, 600) * minuteMs)),
      });
  };

  // ---------------------------------------------------------------- circles
  const circleIds = await insertReturningIds(
    db,
    'circles',
    circleDefs.map((def, sort) => ({
      name: def.name,
      name_en: def.name_en,
      name_vi: def.name_vi,
      icon: def.icon,
      cover: media.cover('circle', 100 + sort),
      description: def.description,
      description_en: def.description_en,
      description_vi: def.description_vi,
      sport: def.sport,
      sort,
      created_at: at(ctx, -400 * dayMs),
    })),
  );
  const membersOf = circleIds.map(() => new Set<number>());
  membersOf[0]!.add(accounts.viewer.id);
  membersOf[1]!.add(accounts.viewer.id);
  for (const user of people)
    for (const c of random.sample(
      circleIds.map((_, i) => i),
      random.int(1, 3),
    ))
      membersOf[c]!.add(user.id);
  await insertRows(
    db,
    'circle_members',
    membersOf.flatMap((members, c) =>
      [...members].map((user_id) => ({ circle_id: circleIds[c]!, user_id, created_at: at(ctx, -random.int(10, 300) * dayMs) })),
    ),
  );

  const posts = circleDefs.flatMap((def, c) =>
    (circlePosts[def.name] ?? []).map((content, i) => {
      const author = random.pick([...membersOf[c]!]);
      const images = random.chance(0.3) ? random.int(1, 3) : 0;
      return {
        row: {
          circle_id: circleIds[c]!,
          user_id: author,
          kind: images ? ('images' as const) : ('text' as const),
          content,
          views: random.int(20, 8000),
          is_top: i === 0,
          created_at: ago(7 * 24 * 60),
        },
        images,
        motif: def.sport ?? ('circle' as const),
      };
    }),
  );
  const postIds = await insertReturningIds(
    db,
    'circle_posts',
    posts.map((p) => p.row),
  );
  await insertRows(
    db,
    'circle_post_media',
    posts.flatMap((p, i) =>
      Array.from({ length: p.images }, (_, sort) => ({
        post_id: postIds[i]!,
        kind: 'image' as const,
        path: media.cover(p.motif, random.int(1, 999_999)),
        width: 320,
        height: 180,
        sort,
      })),
    ),
  );
  const topComments = posts.flatMap((p, i) =>
    Array.from({ length: random.int(0, 6) }, () => ({
      post_id: postIds[i]!,
      user_id: random.pick(people).id,
      content: random.pick(circleComments),
      created_at: new Date(Math.min(ctx.now.getTime(), p.row.created_at.getTime() + random.int(1, 900) * minuteMs)),
    })),
  );
  const commentIds = await insertReturningIds(db, 'circle_comments', topComments);
  const replies = topComments.flatMap((c, i) =>
    random.chance(0.25)
      ? [
          {
            post_id: c.post_id,
            user_id: random.pick(people).id,
            parent_id: commentIds[i]!,
            reply_to_user_id: c.user_id,
            content: random.pick(circleComments),
            created_at: new Date(Math.min(ctx.now.getTime(), c.created_at.getTime() + random.int(1, 120) * minuteMs)),
          },
        ]
      : [],
  );
  await insertRows(db, 'circle_comments', replies);
  posts.forEach((p, i) => like('circle_post', postIds[i]!, random.int(0, 12), p.row.created_at));
  topComments.forEach((c, i) => like('circle_comment', commentIds[i]!, random.int(0, 3), c.created_at));

  // ---------------------------------------------------------------- videos
  const categoryIds = await insertReturningIds(
    db,
    'video_categories',
    videoCategoryDefs.map((def, sort) => ({
      name: def.name,
      name_en: def.name_en,
      icon: def.icon,
      is_recommended: def.recommended,
      sort,
    })),
  );
  await insertRows(
    db,
    'user_video_categories',
    [0, 1, 3].map((c, sort) => ({
      user_id: accounts.viewer.id,
      category_id: categoryIds[c]!,
      sort,
      created_at: at(ctx, -20 * dayMs),
    })),
  );
  const sportOf = (motif: string) => (motif === 'basketball' ? 'basketball' : motif === 'esports' ? 'esports' : 'football');
  const videos = videoCategoryDefs.flatMap((def, c) =>
    Array.from({ length: 5 }, (_, n) => {
      const sport = sportOf(def.motif);
      const match = random.pick(scores.matches.filter((m) => m.sport === sport));
      const template = random.pick(videoTitleTemplates[def.name] ?? ['{league}精彩瞬间']);
      const title = template
        .replaceAll('{league}', match.leagueShort)
        .replaceAll('{home}', match.homeShort)
        .replaceAll('{away}', match.awayShort)
        .replaceAll('{round}', String(random.int(1, 20)));
      const author =
        def.name === '主播精彩' ? random.pick(accounts.anchors) : random.chance(0.5) ? accounts.admin : random.pick(people);
      // Every seeded video plays a demo recording, so that is its length; the draw that once made one up stays, so
      // every later seeded value is what it was.
      random.int(45, 600);
      const duration = demoRecordingSeconds;
      const status =
        c === 6 && n === 4
          ? ('under_review' as const)
          : c === 7 && n === 4
            ? ('audit_failure' as const)
            : ('audit_successful' as const);
      return {
        category_id: categoryIds[c]!,
        user_id: status === 'audit_successful' ? author.id : accounts.regulars[5 + n]!.id,
        title: title.slice(0, 80),
        description: `${title}。更多精彩视频，尽在 Pitchside。`,
        cover: media.cover(def.motif, random.int(1, 999_999)),
        video_path: clipPath(random.pick(demoClips[sport])),
        duration_seconds: duration,
        bytes: duration * random.int(40_000, 80_000),
        views: status === 'audit_successful' ? random.int(100, 200_000) : 0,
        status,
        created_at: ago(14 * 24 * 60, 30),
      };
    }),
  );
  const videoIds = await insertReturningIds(db, 'videos', videos);
  const createdOf = new Map(videoIds.map((id, i) => [id, videos[i]!.created_at]));
  const after = (id: number, date: Date) => new Date(Math.max(date.getTime(), createdOf.get(id)!.getTime() + minuteMs));
  const shown = videoIds.filter((_, i) => videos[i]!.status === 'audit_successful');
  const comments = shown.flatMap((id) =>
    Array.from({ length: random.int(0, 5) }, () => ({
      video_id: id,
      user_id: random.pick(people).id,
      content: random.pick(videoComments),
      created_at: after(id, ago(13 * 24 * 60)),
    })),
  );
  const videoCommentIds = await insertReturningIds(db, 'video_comments', comments);
  await insertRows(
    db,
    'video_comments',
    comments.flatMap((c, i) =>
      random.chance(0.2)
        ? [
            {
              video_id: c.video_id,
              user_id: random.pick(people).id,
              parent_id: videoCommentIds[i]!,
              reply_to_user_id: c.user_id,
              content: random.pick(videoComments),
              created_at: new Date(Math.min(ctx.now.getTime(), c.created_at.getTime() + 30 * minuteMs)),
            },
          ]
        : [],
    ),
  );
  const favourites = new Map<string, { user_id: number; video_id: number; created_at: Date }>();
  for (const id of shown.slice(0, 3))
    favourites.set(`${accounts.viewer.id}:${id}`, {
      user_id: accounts.viewer.id,
      video_id: id,
      created_at: after(id, at(ctx, -2 * dayMs)),
    });
  for (const id of shown)
    for (const user of random.sample(people, random.int(0, 4)))
      favourites.set(`${user.id}:${id}`, { user_id: user.id, video_id: id, created_at: after(id, ago(10 * 24 * 60)) });
  await insertRows(db, 'video_favorites', [...favourites.values()]);
  shown.forEach((id) => like('video', id, random.int(0, 15), createdOf.get(id)!));
  comments.forEach((c, i) => like('video_comment', videoCommentIds[i]!, random.int(0, 2), c.created_at));
  await insertRows(db, 'likes', [...likes.values()]);
}
