import { sql } from 'kysely';
import type { DataOf } from '../../contract/operation-types.ts';
import type { ServerContext } from '../../ports/server-context.ts';
import { existingRoom } from './room-info-service.ts';

type Ranking = DataOf<'liveStreamingRoomRanking'>;
type Period = 'day' | 'week' | 'month' | 'total';

/** Gifts are sent by the second; a ranking may lag this much. */
const rankingTtlMs = 5_000;
const rankingSize = 100;
// Days, weeks and months turn over at midnight in Asia/Shanghai, the site's home time zone (UTC+8 all year).
const homeOffsetMs = 8 * 3600_000;
const dayMs = 24 * 3600_000;

/** The start of the period containing `now`, in the site's time zone; weeks begin on Monday. */
export function periodStart(period: Period, now: Date): Date | null {
  if (period === 'total') return null;
  const home = new Date(now.getTime() + homeOffsetMs);
  const midnight = Date.UTC(home.getUTCFullYear(), home.getUTCMonth(), home.getUTCDate());
  const start =
    period === 'day'
      ? midnight
      : period === 'week'
        ? midnight - ((home.getUTCDay() + 6) % 7) * dayMs
        : Date.UTC(home.getUTCFullYear(), home.getUTCMonth(), 1);
  return new Date(start - homeOffsetMs);
}

const tenths = (amount: number | string) => Math.round(Number(amount) * 10) / 10;

async function loadRanking(server: ServerContext, roomId: number, period: Period) {
  const start = periodStart(period, server.clock.now());
  // What each viewer paid is read from the ledger: the debit of their consumer wallet in each gift's
  // transaction (gifts from the backpack have no transaction and count nothing).
  let query = server.database.db
    .selectFrom('gift_records')
    .innerJoin('ledger_entries', 'ledger_entries.transaction_id', 'gift_records.transaction_id')
    .innerJoin('wallet_accounts', 'wallet_accounts.id', 'ledger_entries.account_id')
    .innerJoin('users', 'users.id', 'gift_records.sender_id')
    .select([
      'users.id',
      'users.user_nickname',
      'users.avatar',
      'users.exp_icon',
      'users.is_anchor',
      sql<number | string>`-sum(ledger_entries.amount)`.as('amount'),
      sql<Date>`max(gift_records.created_at)`.as('last_at'),
    ])
    .where('gift_records.room_id', '=', roomId)
    .whereRef('wallet_accounts.owner_id', '=', 'gift_records.sender_id')
    .where('wallet_accounts.kind', '=', 'consumer')
    .where('users.disabled_at', 'is', null)
    .groupBy('users.id');
  if (start) query = query.where('gift_records.created_at', '>=', start);
  const rows = await query.execute();
  // Equal amounts: who reached it first ranks higher.
  rows.sort((a, b) => tenths(b.amount) - tenths(a.amount) || a.last_at.getTime() - b.last_at.getTime() || a.id - b.id);
  return rows.map((row, index) => ({
    rank: index + 1,
    user: { id: row.id, user_nickname: row.user_nickname, avatar: row.avatar, exp_icon: row.exp_icon, is_anchor: row.is_anchor },
    amount: tenths(row.amount),
  }));
}

/**
 * Live_streaming/roomRanking: viewers by the yellow diamonds they spent on gifts in the room over the
 * period (gifts from the backpack cost nothing and do not count), top 100, and the viewer's own place.
 */
export async function roomRanking(server: ServerContext, roomId: number, period: Period, viewerId: number | null): Promise<Ranking> {
  const room = await existingRoom(server, roomId);
  const entries = await server.cache.get(`live_ranking:${room.id}:${period}`, rankingTtlMs, () => loadRanking(server, room.id, period));
  const mine = viewerId === null ? undefined : entries.find((entry) => entry.user.id === viewerId);
  return { list: entries.slice(0, rankingSize), ...(mine ? { mine } : {}) };
}
