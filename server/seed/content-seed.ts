import type { Insertable } from 'kysely';
import type { Random } from '../random.ts';
import { englishHeadlines, featureHeadlines, headlineCategories, headlineComments, headlineReplies, portalPosts } from './catalogue/content-catalogue.ts';
import type { HeadlinesTable } from '../db/tables/content-tables.ts';
import {
  at,
  hourMs,
  insertReturningIds,
  insertRows,
  minuteMs,
  media,
  type SeedContext,
  type SeededAccounts,
  type SeededLive,
  type SeededMatch,
  type SeededScores,
} from './context.ts';

const sportCategory = { football: '足球', basketball: '篮球', esports: '电竞' } as const;

function report(random: Random, m: SeededMatch): { title: string; summary: string; paragraphs: string[] } {
  const [winner, loser, w, l] =
    m.homeScore >= m.awayScore
      ? [m.homeShort, m.awayShort, m.homeScore, m.awayScore]
      : [m.awayShort, m.homeShort, m.awayScore, m.homeScore];
  const draw = m.homeScore === m.awayScore;
  if (m.sport === 'esports')
    return {
      title: `${m.leagueShort}：${winner} ${w}-${l} 击败 ${loser}`,
      summary: `${m.round}，${winner}以${w}比${l}拿下${loser}。`,
      paragraphs: [
        `${m.leagueShort}${m.round}的焦点战中，${winner}以${w}比${l}战胜${loser}。`,
        random.pick([
          '前期的资源控制为胜利打下了基础，关键团战的处理也更加果断。',
          '中期一波关键的团战奠定了胜局，此后对手再也没能找到机会。',
          '双方在BP阶段各有所长，但临场执行力决定了最终结果。',
        ]),
        `赛后${winner}的积分进一步提升，${loser}则需要在下一场比赛中调整状态。`,
      ],
    };
  if (m.sport === 'basketball')
    return {
      title: `${m.leagueShort}：${winner}${w}-${l}${random.pick(['力克', '击败', '战胜'])}${loser}`,
      summary: `${winner}全场${w}分，${loser}得到${l}分。`,
      paragraphs: [
        `${m.leagueShort}常规赛，${m.homeName}主场迎战${m.awayName}，最终${winner}以${w}比${l}取胜。`,
        random.pick([
          '第三节的一波攻势拉开了比分，替补席的贡献同样关键。',
          '末节关键时刻的防守成为比赛的转折点。',
          '全场外线手感火热，三分球成为得分利器。',
        ]),
        `${loser}将在下一场比赛中寻求反弹。`,
      ],
    };
  return {
    title: draw
      ? `${m.leagueShort}：${m.homeShort}${m.homeScore}-${m.awayScore}${m.awayShort}，双方握手言和`
      : `${m.leagueShort}：${winner}${w}-${l}${random.pick(['力克', '击败', '战胜'])}${loser}`,
    summary: draw ? `${m.round}，${m.homeShort}与${m.awayShort}战平。` : `${m.round}，${winner}以${w}比${l}取胜。`,
    paragraphs: [
      `${m.leagueShort}${m.round}，${m.homeName}主场迎战${m.awayName}，全场比分${m.homeScore}比${m.awayScore}。`,
      random.pick([
        '上半场双方互有攻守，下半场的节奏明显加快。',
        '开场阶段主队压上进攻，但客队的反击同样犀利。',
        '中场的控制权成为本场比赛的关键，定位球也制造了不少威胁。',
      ]),
      draw ? '两队各取一分，积分榜形势依旧胶着。' : `${winner}拿下宝贵的三分，${loser}则需要尽快找回状态。`,
    ],
  };
}

/** The English report of a finished match, for the English news. */
function reportEn(random: Random, m: SeededMatch): { title: string; summary: string; paragraphs: string[] } {
  const homeWon = m.homeScore >= m.awayScore;
  const [winner, loser, w, l] = homeWon ? [m.homeNameEn, m.awayNameEn, m.homeScore, m.awayScore] : [m.awayNameEn, m.homeNameEn, m.awayScore, m.homeScore];
  const draw = m.homeScore === m.awayScore && m.sport === 'football';
  return {
    title: draw
      ? `${m.leagueShortEn}: ${m.homeNameEn} and ${m.awayNameEn} share the points in a ${m.homeScore}-${m.awayScore} draw`
      : `${m.leagueShortEn}: ${winner} ${random.pick(['beat', 'see off', 'get past'])} ${loser} ${w}-${l}`,
    summary: draw ? `${m.roundEn}: neither side could find a winner.` : `${m.roundEn}: ${winner} win ${w}-${l} against ${loser}.`,
    paragraphs: [
      `${m.homeNameEn} hosted ${m.awayNameEn} in the ${m.leagueShortEn} (${m.roundEn}), and the final score read ${m.homeScore}-${m.awayScore}.`,
      random.pick(
        m.sport === 'basketball'
          ? ['A third-quarter run opened up the game, and the bench played its part.', 'Defence in the closing minutes turned the game.', 'The shooters were hot from outside all night.']
          : m.sport === 'esports'
            ? ['Early control of the map laid the groundwork, and the key team fights were handled with more conviction.', 'One decisive fight in the mid game settled it.']
            : ['Both sides had their moments before the break; the pace picked up after it.', 'The home side pressed early, but the visitors were dangerous on the break.', 'Control of midfield decided this one, and set pieces caused problems at both ends.'],
      ),
      draw ? 'A point each leaves the table as tight as before.' : `${loser} will look to bounce back in their next game.`,
    ],
  };
}

/** The English preview of a coming match. */
function previewEn(random: Random, m: SeededMatch): { title: string; summary: string; paragraphs: string[] } {
  return {
    title: `${m.leagueShortEn} preview: ${m.homeNameEn} host ${m.awayNameEn}`,
    summary: `${m.roundEn}: ${m.homeNameEn} against ${m.awayNameEn}. Who will come out on top?`,
    paragraphs: [
      `${m.homeNameEn} welcome ${m.awayNameEn} in the ${m.leagueShortEn} (${m.roundEn}).`,
      random.pick([
        'The hosts have been steady lately and make the most of home advantage.',
        'The visitors have defended well in recent rounds and could be the surprise of the day.',
        'The last meeting between the two was hard to call, and this one promises the same.',
      ]),
      'The game is live on Pitchside, with anchors commentating and the score and statistics updated as it happens.',
    ],
  };
}

function preview(random: Random, m: SeededMatch): { title: string; summary: string; paragraphs: string[] } {
  return {
    title: `${m.leagueShort}前瞻：${m.homeShort}主场迎战${m.awayShort}`,
    summary: `${m.round}，${m.homeName}对阵${m.awayName}，谁能笑到最后？`,
    paragraphs: [
      `${m.leagueShort}${m.round}，${m.homeName}将在主场迎战${m.awayName}。`,
      random.pick([
        '主队近期状态稳定，主场作战的优势明显。',
        '客队近几轮的防守表现出色，被视为本场的最大变数。',
        '两队上一次交手打得难解难分，本场同样值得期待。',
      ]),
      '比赛将在Pitchside全程直播，主播解说、实时比分与数据同步更新。',
    ],
  };
}

/**
 * Readers' comments on the published articles, in each article's language, some with replies and likes: a
 * news page whose articles nobody ever answered reads as a site nobody visits. Its own random stream, so
 * the rest of the world is drawn as before.
 */
async function seedHeadlineComments(
  ctx: SeedContext,
  accounts: SeededAccounts,
  headlines: ReadonlyArray<Insertable<HeadlinesTable>>,
  headlineIds: readonly number[],
): Promise<void> {
  const { db, now } = ctx;
  const random = ctx.random.fork('headline-comments');
  const readers = [accounts.viewer, ...accounts.regulars, ...accounts.experts.slice(1), ...accounts.anchors.slice(1)];
  const before = (after: Date, maxMinutes: number) => new Date(Math.min(now.getTime(), after.getTime() + random.int(1, maxMinutes) * minuteMs));
  const published = headlines.flatMap((row, i) => (row.status === 'audit_successful' && row.published_at instanceof Date ? [{ row, id: headlineIds[i]!, at: row.published_at }] : []));
  const topComments = published.flatMap(({ row, id, at: publishedAt }) => {
    const lang: keyof typeof headlineComments = row.lang === 'en' ? 'en' : 'zh';
    return random.sample(headlineComments[lang], row.is_top ? random.int(3, 6) : random.int(0, 4)).map((content) => ({
      lang,
      row: { headline_id: id, user_id: random.pick(readers).id, content, created_at: before(publishedAt, 600) },
    }));
  });
  const commentIds = await insertReturningIds(
    db,
    'headline_comments',
    topComments.map((comment) => comment.row),
  );
  const replies = topComments.flatMap((comment, i) =>
    random.chance(0.4)
      ? random.sample(headlineReplies[comment.lang], random.int(1, 2)).map((content) => ({
          headline_id: comment.row.headline_id,
          user_id: random.pick(readers.filter((reader) => reader.id !== comment.row.user_id)).id,
          parent_id: commentIds[i]!,
          reply_to_user_id: comment.row.user_id,
          content,
          created_at: before(comment.row.created_at, 180),
        }))
      : [],
  );
  await insertRows(db, 'headline_comments', replies);
  await insertRows(
    db,
    'likes',
    topComments.flatMap((comment, i) =>
      random.sample(readers, random.int(0, 9)).map((reader) => ({
        user_id: reader.id,
        target_type: 'headline_comment' as const,
        target_id: commentIds[i]!,
        created_at: before(comment.row.created_at, 300),
      })),
    ),
  );
}

/** Headlines, the legal and help pages, banners, adverts and notices. */
export async function seedContent(
  ctx: SeedContext,
  accounts: SeededAccounts,
  scores: SeededScores,
  live: SeededLive,
): Promise<void> {
  const { db, now } = ctx;
  const random = ctx.random.fork('content');

  const categoryIds = await insertReturningIds(
    db,
    'headline_categories',
    headlineCategories.map(([name, name_en, name_vi], sort) => ({ name, name_en, name_vi, sort })),
  );
  const categoryId = (name: string) => categoryIds[headlineCategories.findIndex(([n]) => n === name)]!;

  const headlines: Array<Insertable<HeadlinesTable>> = [];
  const article = (
    text: { title: string; summary: string; paragraphs: string[] },
    category: string,
    sport: SeededMatch['sport'] | null,
    publishedAt: Date,
    extra: Partial<Insertable<HeadlinesTable>> = {},
  ) =>
    headlines.push({
      category_id: categoryId(category),
      title: text.title.slice(0, 80),
      summary: text.summary.slice(0, 300),
      content: text.paragraphs.join('\n\n'),
      cover: media.cover(sport ?? 'news', random.int(1, 999_999)),
      sport,
      views: random.int(100, 50_000),
      status: 'audit_successful',
      published_at: publishedAt,
      created_at: publishedAt,
      ...extra,
    });
  for (const feature of featureHeadlines) article(feature, feature.category, feature.sport, at(ctx, -random.int(2, 72) * hourMs));
  for (const feature of englishHeadlines) article(feature, feature.category, feature.sport, at(ctx, -random.int(2, 72) * hourMs), { lang: 'en' });
  const finished = scores.matches
    .filter((m) => m.status === 'over')
    .sort((a, b) => Number(b.isHot) - Number(a.isHot) || b.end.getTime() - a.end.getTime());
  finished.slice(0, 8).forEach((m, i) =>
    article(
      reportEn(random, m),
      i < 3 ? '头条' : sportCategory[m.sport],
      m.sport,
      new Date(Math.min(now.getTime(), m.end.getTime() + random.int(10, 40) * minuteMs)),
      { match_id: m.id, is_top: i < 2, lang: 'en' },
    ),
  );
  finished.slice(0, 14).forEach((m, i) =>
    article(
      report(random, m),
      i < 3 ? '头条' : sportCategory[m.sport],
      m.sport,
      new Date(Math.min(now.getTime(), m.end.getTime() + random.int(10, 40) * minuteMs)),
      {
        match_id: m.id,
        is_top: i < 2,
      },
    ),
  );
  const ahead = scores.matches.filter((m) => m.status === 'not_started' && m.isHot);
  random.sample(ahead, 8).forEach((m, i) => {
    article(preview(random, m), sportCategory[m.sport], m.sport, at(ctx, -random.int(1, 10) * hourMs), { match_id: m.id });
    if (i < 4) article(previewEn(random, m), sportCategory[m.sport], m.sport, at(ctx, -random.int(1, 10) * hourMs), { match_id: m.id, lang: 'en' });
  });
  article(
    {
      title: '球迷来稿：主场氛围才是足球的灵魂',
      summary: '一位球迷的现场观赛感受。',
      paragraphs: [
        '第一次去现场看球，全场合唱的那一刻真的热泪盈眶。',
        '电视转播永远替代不了现场的氛围，推荐每个球迷都去现场看一次。',
      ],
    },
    '足球',
    'football',
    now,
    {
      author_id: accounts.regulars[4]!.id,
      status: 'under_review',
      published_at: null,
      created_at: at(ctx, -3 * hourMs),
      views: 0,
    },
  );
  const headlineIds = await insertReturningIds(db, 'headlines', headlines);
  await seedHeadlineComments(ctx, accounts, headlines, headlineIds);

  await insertRows(
    db,
    'portal_posts',
    portalPosts.flatMap((post) =>
      (['zh', 'en', 'vi'] as const).map((lang) => ({
        type: post.type,
        lang,
        title: post[lang].title,
        content: post[lang].paragraphs.join('\n\n'),
        updated_at: at(ctx, -30 * 24 * hourMs),
      })),
    ),
  );

  const demoRoom = live.rooms[0]!;
  await insertRows(db, 'banners', [
    {
      position: 'home',
      title: `${accounts.anchor.nickname}正在直播`,
      title_en: `${accounts.anchor.nickname} is live now`,
      title_vi: `${accounts.anchor.nickname} đang phát trực tiếp`,
      image: media.cover('banner', 1),
      link: `/live?id=${demoRoom.id}`,
      sort: 0,
    },
    {
      position: 'home',
      title: '欧冠之夜，全场直播',
      title_en: 'Champions League nights, every minute live',
      title_vi: 'Đêm Champions League, trực tiếp trọn trận',
      image: media.cover('banner', 2),
      link: '/anchor?type=1',
      sort: 1,
    },
    {
      position: 'home',
      title: '专家方案，赛前必看',
      title_en: 'Expert tips before kick-off',
      title_vi: 'Nhận định chuyên gia trước giờ bóng lăn',
      image: media.cover('banner', 3),
      link: '/specialist?type=0',
      sort: 2,
    },
    {
      position: 'home',
      title: '社区圈子：和球迷一起聊球',
      title_en: 'Circles: talk football with other fans',
      title_vi: 'Hội nhóm: bàn bóng đá cùng người hâm mộ',
      image: media.cover('circle', 8),
      link: '/circle',
      sort: 3,
      // Ended yesterday: kept to show an editor that a slide stops by itself.
      starts_at: at(ctx, -8 * 24 * hourMs),
      ends_at: at(ctx, -24 * hourMs),
    },
  ]);
  await insertRows(db, 'adverts', [
    {
      position: 'sidebar',
      title: '下载 Pitchside App',
      title_en: 'Get the Pitchside app',
      title_vi: 'Tải ứng dụng Pitchside',
      image: media.cover('banner', 4),
      link: '/downLoad',
      sort: 0,
    },
    {
      position: 'sidebar',
      title: '每日签到领金币',
      title_en: 'Sign in daily for coins',
      title_vi: 'Điểm danh mỗi ngày nhận xu',
      image: media.cover('banner', 5),
      link: '/member?type=19',
      sort: 1,
    },
    {
      position: 'home',
      title: '篮球直播间',
      title_en: 'Basketball live rooms',
      title_vi: 'Phòng trực tiếp bóng rổ',
      image: media.cover('basketball', 6),
      link: '/anchor?type=2',
      sort: 0,
    },
    {
      position: 'news',
      title: '读新闻，也来写新闻',
      title_en: 'Read the news, write some too',
      title_vi: 'Đọc tin và viết tin',
      image: media.cover('news', 9),
      link: '/news',
      sort: 0,
    },
    {
      position: 'live_room',
      title: '开通贵族，尊享特权',
      title_en: 'Become a noble for special privileges',
      title_vi: 'Trở thành quý tộc, nhận đặc quyền',
      image: media.cover('banner', 7),
      link: '/member?type=1&isRecharge=true',
      sort: 0,
    },
  ]);
  await insertRows(db, 'push_notices', [
    {
      kind: 'system',
      title: '欢迎来到 Pitchside',
      content: '看直播、查比分、读专家方案，Pitchside 陪你看好每一场比赛。',
      created_at: at(ctx, -10 * 24 * hourMs),
    },
    {
      kind: 'activity',
      title: '每日签到送金币',
      content: '连续签到7天最高可得30金币，金币可在兑换商城兑换礼物与周边。',
      link: '/member?type=19',
      created_at: at(ctx, -3 * 24 * hourMs),
    },
    {
      kind: 'match',
      title: '今日焦点战',
      content: '今日多场焦点战即将开赛，快来直播间和主播一起看球！',
      link: '/schedule',
      created_at: at(ctx, -5 * hourMs),
    },
    {
      kind: 'live',
      user_id: accounts.viewer.id,
      title: '你关注的主播开播了',
      content: `${accounts.anchor.nickname}正在直播，快去看看吧。`,
      link: `/live?id=${demoRoom.id}`,
      created_at: demoRoom.startedAt ?? now,
    },
  ]);
}
