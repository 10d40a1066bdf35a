import { chatLines } from './catalogue/chat-catalogue.ts';
import {
  at,
  insertReturningIds,
  insertRows,
  minuteMs,
  type SeedContext,
  type SeededAccounts,
  type SeededLive,
} from './context.ts';

/** Fan groups of some rooms, a viewers' group, and a few private conversations of the viewer. */
export async function seedChat(ctx: SeedContext, accounts: SeededAccounts, live: SeededLive): Promise<void> {
  const { db } = ctx;
  const random = ctx.random.fork('chat');
  const anchorOf = new Map(accounts.anchors.map((a) => [a.id, a]));
  const fanRooms = [
    live.rooms[0]!,
    ...random.sample(
      live.rooms.slice(1).filter((r) => r.status === 'in_progress'),
      3,
    ),
  ];

  const groups = [
    ...fanRooms.map((room, i) => {
      const anchor = anchorOf.get(room.anchorId)!;
      return {
        kind: 'fan' as const,
        owner_id: anchor.id,
        room_id: room.id,
        name: `${anchor.nickname}的粉丝团`.slice(0, 30),
        avatar: anchor.avatar,
        notice: '欢迎加入粉丝团！开播提醒、赛前分析都在这里，文明聊天。',
        is_shown: i === 0,
        created_at: at(ctx, -random.int(30, 200) * 24 * 60 * minuteMs),
      };
    }),
    {
      kind: 'group' as const,
      owner_id: accounts.viewer.id,
      room_id: null,
      name: '周末看球群',
      avatar: accounts.viewer.avatar,
      notice: '周末一起看球，一起聊球。',
      is_shown: false,
      created_at: at(ctx, -40 * 24 * 60 * minuteMs),
    },
  ];
  const groupIds = await insertReturningIds(db, 'chat_groups', groups);

  const members: Array<{ group_id: number; user_id: number; role: 'owner' | 'admin' | 'member'; joined_at: Date }> = [];
  const memberIds = groups.map((group, g) => {
    const ids = new Set<number>([group.owner_id]);
    if (g === 0 || g === groups.length - 1) ids.add(accounts.viewer.id);
    for (const user of random.sample(accounts.regulars, random.int(6, 14))) ids.add(user.id);
    for (const id of ids)
      members.push({
        group_id: groupIds[g]!,
        user_id: id,
        role: id === group.owner_id ? 'owner' : 'member',
        joined_at: new Date(group.created_at.getTime() + (id === group.owner_id ? 0 : random.int(60, 20_000) * minuteMs)),
      });
    return [...ids];
  });
  await insertRows(db, 'chat_group_members', members);

  const messages: Array<{
    sender_id: number;
    receiver_id?: number;
    group_id?: number;
    type: 'text';
    payload: string;
    created_at: Date;
    read_at?: Date | null;
  }> = [];
  const text = (value: string) => JSON.stringify({ text: value });
  groupIds.forEach((groupId, g) => {
    const count = random.int(6, 12);
    for (let i = 0; i < count; i++)
      messages.push({
        sender_id: random.pick(memberIds[g]!),
        group_id: groupId,
        type: 'text',
        payload: text(random.pick(chatLines.fanGroup)),
        created_at: at(ctx, -(count - i) * random.int(3, 20) * minuteMs),
      });
  });
  // The viewer and the demo anchor have talked; the newest message is still unread.
  const talk = chatLines.viewerToAnchor.flatMap((line, i) => [
    [accounts.viewer.id, accounts.anchor.id, line],
    [accounts.anchor.id, accounts.viewer.id, chatLines.anchorToViewer[i]!],
  ]) as Array<[number, number, string]>;
  talk.forEach(([from, to, line], i) =>
    messages.push({
      sender_id: from,
      receiver_id: to,
      type: 'text',
      payload: text(line),
      created_at: at(ctx, -(talk.length - i) * 37 * minuteMs),
      read_at: i === talk.length - 1 ? null : at(ctx, -(talk.length - i) * 37 * minuteMs + 2 * minuteMs),
    }),
  );
  messages.push({
    sender_id: accounts.admin.id,
    receiver_id: accounts.viewer.id,
    type: 'text',
    payload: text('你好，欢迎来到 Pitchside！使用中有任何问题，都可以在这里给客服留言。'),
    created_at: at(ctx, -3 * 24 * 60 * minuteMs),
    read_at: at(ctx, -3 * 24 * 60 * minuteMs + 10 * minuteMs),
  });
  messages.sort((a, b) => a.created_at.getTime() - b.created_at.getTime());
  await insertRows(db, 'chat_messages', messages);
}
