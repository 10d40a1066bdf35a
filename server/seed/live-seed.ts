import { randomBytes } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { Random } from '../random.ts';
import { liveCategoryDefs, offAirTitles, placards, roomTitleTemplates } from './catalogue/live-catalogue.ts';
import { leagueDefs } from './catalogue/scores-catalogue.ts';
import type { LiveRecordsTable, LiveRoomsTable } from '../db/tables/live-tables.ts';
import {
  anchorShareTenths,
  at,
  clipPath,
  dayMs,
  demoClips,
  hourMs,
  insertReturningIds,
  insertRows,
  media,
  minuteMs,
  sportOfType,
  tenthsToAmount,
  type PlannedGift,
  type SeedContext,
  type SeededAccounts,
  type SeededCatalogue,
  type SeededLive,
  type SeededMatch,
  type SeededRoom,
  type SeededScores,
} from './context.ts';

const surnames = ['王', '李', '张', '刘', '陈', '杨', '赵', '黄', '周', '吴', '徐', '孙', '马', '朱', '胡', '郭', '何', '林'];
const givenNames = ['伟', '杰', '磊', '婷', '静', '强', '敏', '涛', '洋', '鹏', '辉', '丽', '浩', '宇', '欣', '晨', '凯', '琳'];

/** A made-up resident ID number with a correct ISO 7064 check character. */
function idNumber(random: Random): string {
  const two = (n: number) => String(n).padStart(2, '0');
  const area = random.pick(['110101', '310104', '440106', '330106', '510107']);
  const birth = `${random.int(1980, 2003)}${two(random.int(1, 12))}${two(random.int(1, 28))}`;
  const body = `${area}${birth}${String(random.int(0, 999)).padStart(3, '0')}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...body].reduce((s, c, i) => s + Number(c) * weights[i]!, 0);
  return body + '10X98765432'[sum % 11]!;
}

function fill(template: string, match: SeededMatch | null, league: string): string {
  return template
    .replaceAll('{league}', match?.leagueShort ?? league)
    .replaceAll('{home}', match?.homeShort ?? '')
    .replaceAll('{away}', match?.awayShort ?? '')
    .slice(0, 40);
}

const giftWeights = [10, 12, 10, 10, 8, 5, 4, 3, 2, 1, 0.5, 0.3, 0.2];

/** Live categories, one room per anchor, broadcasts, schedules and reservations, and the gifts sent. */
export async function seedLive(
  ctx: SeedContext,
  accounts: SeededAccounts,
  scores: SeededScores,
  catalogue: SeededCatalogue,
): Promise<SeededLive> {
  const { db, now } = ctx;
  const random = ctx.random.fork('live');

  const categoryRows = liveCategoryDefs.map((def, sort) => {
    const league = def.league ? leagueDefs.find((l) => l.key === def.league)! : null;
    return {
      type: def.type,
      name: def.name,
      name_en: def.name_en,
      icon: league ? media.league(league.sport, league.code) : def.icon!,
      league_id: def.league ? scores.leagueIds.get(def.league)! : null,
      sort,
    };
  });
  const categoryIds = await insertReturningIds(db, 'live_categories', categoryRows);
  const categoryFor = (type: 1 | 2 | 3, match: SeededMatch | null) => {
    const i = liveCategoryDefs.findIndex((def) => def.type === type && (match ? def.league === match.leagueKey : !def.league));
    return categoryIds[i === -1 ? liveCategoryDefs.findIndex((def) => def.type === type && !def.league) : i]!;
  };

  const byStart = (a: SeededMatch, b: SeededMatch) => a.start.getTime() - b.start.getTime();
  const live = (type: 1 | 2 | 3) =>
    scores.matches
      .filter((m) => m.sport === sportOfType[type] && m.status === 'in_progress')
      .sort((a, b) => Number(b.isHot) - Number(a.isHot) || byStart(a, b));
  const finished = (type: 1 | 2 | 3) =>
    scores.matches.filter((m) => m.sport === sportOfType[type] && m.status === 'over').sort((a, b) => byStart(b, a));
  const upcoming = (type: 1 | 2 | 3) =>
    scores.matches.filter((m) => m.sport === sportOfType[type] && m.status === 'not_started').sort(byStart);

  const offAir = new Set(random.sample(accounts.anchors.slice(1), 4).map((a) => a.id));
  const used = new Map<1 | 2 | 3, number>();
  const senders = [...accounts.regulars, ...accounts.experts.slice(1)];

  interface RoomPlan {
    row: Insertable<LiveRoomsTable>;
    room: Omit<SeededRoom, 'id'>;
    match: SeededMatch | null;
    clip: string;
    gifts: Array<Omit<PlannedGift, 'roomId'>>;
  }
  const plans: RoomPlan[] = accounts.anchors.map((anchor, index) => {
    const type = anchor.type;
    const sport = sportOfType[type];
    const over = offAir.has(anchor.id);
    let match: SeededMatch | null;
    if (over) match = finished(type)[index % Math.max(1, finished(type).length)] ?? null;
    else {
      const candidates = live(type);
      const n = used.get(type) ?? 0;
      match = n < candidates.length ? candidates[n]! : null;
      used.set(type, n + 1);
    }
    const leagueName = sport === 'football' ? '足球' : sport === 'basketball' ? '篮球' : '电竞';
    const title =
      match && !over
        ? fill(random.pick(roomTitleTemplates), match, leagueName)
        : fill(random.pick(offAirTitles), match, leagueName);
    const startedAt = over
      ? match
        ? new Date(match.start.getTime() - random.int(5, 20) * minuteMs)
        : at(ctx, -random.int(5, 8) * hourMs)
      : match
        ? new Date(Math.min(match.start.getTime() - random.int(5, 20) * minuteMs, now.getTime() - 5 * minuteMs))
        : at(ctx, -random.int(20, 180) * minuteMs);
    const endedAt = over
      ? new Date(
          Math.min(
            now.getTime() - 10 * minuteMs,
            (match?.end.getTime() ?? startedAt.getTime() + 2 * hourMs) + random.int(5, 20) * minuteMs,
          ),
        )
      : null;
    const viewers = over ? 0 : index === 0 ? random.int(8_000, 20_000) : Math.round(300 + random.next() ** 2 * 30_000);

    // The demo anchor's room stays below a budget so its income wallet can open at a fixed 1200.
    const budgetTenths = index === 0 ? 16_000 : Number.POSITIVE_INFINITY;
    let spentTenths = 0;
    const gifts: RoomPlan['gifts'] = [];
    const sends = over ? random.int(3, 8) : random.int(4, 14);
    const until = (endedAt ?? now).getTime();
    for (let i = 0; i < sends; i++) {
      const choice = random.weighted(catalogue.gifts.map((g, k) => [g, giftWeights[k] ?? 0.1] as const));
      const priceTenths = Math.round(choice.price * 10);
      const quantity = choice.price < 10 ? random.pick([1, 5, 10, 66, 99]) : random.pick([1, 1, 1, 2, 3]);
      const totalTenths = priceTenths * quantity;
      if (spentTenths + totalTenths > budgetTenths) continue;
      spentTenths += totalTenths;
      gifts.push({
        senderId: random.pick(senders).id,
        anchorId: anchor.id,
        giftId: choice.id,
        quantity,
        totalTenths,
        at: new Date(startedAt.getTime() + random.float(0.05, 0.98) * (until - startedAt.getTime())),
      });
    }
    gifts.sort((a, b) => a.at.getTime() - b.at.getTime());
    const clip = random.pick(demoClips[sport]);
    return {
      match,
      clip,
      gifts,
      room: { anchorId: anchor.id, type, status: over ? 'over' : 'in_progress', matchId: match?.id ?? null, startedAt, endedAt },
      row: {
        anchor_id: anchor.id,
        title,
        cover: media.cover(sport, random.int(1, 999_999)),
        type,
        category_id: categoryFor(type, match),
        match_id: match?.id ?? null,
        status: over ? 'over' : 'in_progress',
        placard: random.pick(placards),
        stream_key: randomBytes(16).toString('hex'),
        demo_clip: clip,
        // A made-up audience, labelled as one: a real broadcast in the room counts its own (410_seeded_audience.sql).
        seeded_audience: true,
        viewers,
        heat: viewers * random.int(3, 8) + Math.round(spentTenths / 10),
        started_at: startedAt,
        ended_at: endedAt,
        created_at: at(ctx, -random.int(30, 300) * dayMs),
      },
    };
  });
  const hottest = plans
    .filter((p) => p.room.status === 'in_progress')
    .sort((a, b) => Number(b.row.heat) - Number(a.row.heat))
    .slice(0, 6);
  for (const plan of hottest) plan.row.is_recommended = true;
  const roomIds = await insertReturningIds(
    db,
    'live_rooms',
    plans.map((p) => p.row),
  );

  const incomeTenths = (gifts: RoomPlan['gifts']) => gifts.reduce((sum, g) => sum + anchorShareTenths(g.totalTenths), 0);
  const records: Array<Insertable<LiveRecordsTable>> = [];
  plans.forEach((plan, i) => {
    const roomId = roomIds[i]!;
    const sport = sportOfType[plan.room.type];
    // earlier broadcasts, before the ledger's history began
    for (let k = random.int(2, 4); k >= 1; k--) {
      const started = at(ctx, -k * 2 * dayMs - random.int(0, 20) * hourMs);
      records.push({
        room_id: roomId,
        title: fill(random.pick(offAirTitles), null, sport === 'football' ? '足球' : sport === 'basketball' ? '篮球' : '电竞'),
        started_at: started,
        ended_at: new Date(started.getTime() + random.int(60, 200) * minuteMs),
        peak_viewers: random.int(200, 40_000),
        income: random.int(0, 3000),
        playback_path: clipPath(random.pick(demoClips[sport])),
      });
    }
    records.push({
      room_id: roomId,
      title: plan.row.title,
      match_id: plan.room.matchId,
      started_at: plan.room.startedAt!,
      ended_at: plan.room.endedAt,
      peak_viewers:
        plan.room.status === 'over' ? random.int(500, 20_000) : Math.round(Number(plan.row.viewers) * random.float(1, 1.4)),
      income: tenthsToAmount(incomeTenths(plan.gifts)),
      playback_path: plan.room.status === 'over' ? clipPath(plan.clip) : null,
    });
  });
  await insertRows(db, 'live_records', records);

  // Anchors announce upcoming matches; the viewer has reminders for some of them.
  const scheduleRows: Array<{ room_id: number; match_id: number; title: string; start_time: Date; created_at: Date }> = [];
  plans.forEach((plan, i) => {
    const count = i === 0 ? 2 : random.chance(0.5) ? 1 : 0;
    const options = upcoming(plan.room.type);
    for (const match of random.sample(options.slice(0, 8), count))
      scheduleRows.push({
        room_id: roomIds[i]!,
        match_id: match.id,
        title: fill(random.pick(roomTitleTemplates), match, ''),
        start_time: new Date(match.start.getTime() - 15 * minuteMs),
        created_at: at(ctx, -random.int(1, 20) * hourMs),
      });
  });
  const scheduleIds = await insertReturningIds(db, 'live_schedules', scheduleRows);
  const reservations: Array<{ user_id: number; match_id?: number; schedule_id?: number; created_at: Date }> = [];
  const viewerSchedules = scheduleIds.filter((_, i) => scheduleRows[i]!.room_id === roomIds[0]).slice(0, 1);
  const otherSchedule = scheduleIds.find((_, i) => scheduleRows[i]!.room_id !== roomIds[0]);
  for (const id of [...viewerSchedules, ...(otherSchedule ? [otherSchedule] : [])])
    reservations.push({ user_id: accounts.viewer.id, schedule_id: id, created_at: at(ctx, -hourMs) });
  const hotUpcoming = scores.matches
    .filter((m) => m.status === 'not_started')
    .sort((a, b) => Number(b.isHot) - Number(a.isHot) || byStart(a, b));
  for (const match of hotUpcoming.slice(0, 2))
    reservations.push({ user_id: accounts.viewer.id, match_id: match.id, created_at: at(ctx, -2 * hourMs) });
  scheduleIds.forEach((id) => {
    for (const fan of random.sample(accounts.regulars, random.int(0, 4)))
      reservations.push({ user_id: fan.id, schedule_id: id, created_at: at(ctx, -random.int(1, 300) * minuteMs) });
  });
  await insertRows(db, 'live_reservations', reservations);

  const liveMatches = scores.matches.filter((m) => m.status === 'in_progress');
  await insertRows(
    db,
    'match_collects',
    [...liveMatches.slice(0, 1), ...hotUpcoming.slice(0, 2)].map((m) => ({
      user_id: accounts.viewer.id,
      match_id: m.id,
      created_at: at(ctx, -3 * hourMs),
    })),
  );

  const managers: Array<{ room_id: number; user_id: number; appointed_by: number; created_at: Date }> = [];
  plans.forEach((plan, i) => {
    for (const manager of random.sample(accounts.regulars, i === 0 ? 2 : random.int(0, 1)))
      managers.push({
        room_id: roomIds[i]!,
        user_id: manager.id,
        appointed_by: plan.room.anchorId,
        created_at: at(ctx, -random.int(2, 60) * dayMs),
      });
  });
  await insertRows(db, 'room_managers', managers);

  // Every anchor passed review; one user waits for it and one was turned down.
  const verification = (userId: number, status: 'under_review' | 'audit_successful' | 'audit_failure', daysAgo: number) => {
    const created = at(ctx, -daysAgo * dayMs);
    const reviewed = status === 'under_review' ? null : new Date(created.getTime() + dayMs);
    return {
      user_id: userId,
      real_name: random.pick(surnames) + random.pick(givenNames) + (random.chance(0.5) ? random.pick(givenNames) : ''),
      id_number: idNumber(random),
      contact_type: random.pick(['qq', 'wechat', 'phone'] as const),
      contact: String(random.int(10_000_000, 999_999_999)),
      experience: '有多年足球、篮球赛事解说经验，熟悉各大联赛球队与球员，语言表达流畅，能够长期稳定开播。',
      agreed_protocol: true,
      status,
      reviewer_id: status === 'under_review' ? null : accounts.admin.id,
      review_note: status === 'audit_failure' ? '身份信息与实名不符，请核对后重新提交' : '',
      created_at: created,
      updated_at: reviewed ?? created,
      reviewed_at: reviewed,
    };
  };
  await insertRows(db, 'anchor_verifications', [
    ...accounts.anchors.map((a) => verification(a.id, 'audit_successful', random.int(60, 300))),
    verification(accounts.regulars[0]!.id, 'under_review', 1),
    verification(accounts.regulars[1]!.id, 'audit_failure', 9),
  ]);

  return {
    rooms: plans.map((plan, i) => ({ id: roomIds[i]!, ...plan.room })),
    gifts: plans.flatMap((plan, i) => plan.gifts.map((g) => ({ ...g, roomId: roomIds[i]! }))),
  };
}
