import { sql } from 'kysely';
import type { DataOf } from '../../contract/operation-types.ts';
import { catalogueText } from '../../i18n/catalogue-text.ts';
import type { Language } from '../../i18n/server-messages.ts';
import type { ServerContext } from '../../ports/server-context.ts';
import { coinBalance, creditCoins } from './coin-ledger.ts';
import { asDate, dayOf, onceDay } from './task-day.ts';

type DailyTask = DataOf<'activityPcSignTaskList'>['tasks'][number];
type TaskCentre = DataOf<'activityConfigUserTaskList'>;
type TaskCentreItem = TaskCentre['daily'][number];

/** Where each task is done, for the task centre's link (SPEC §2 routes). */
const taskLinks: Record<string, string> = {
  watch_room: '/anchor?type=0',
  send_barrage: '/anchor?type=0',
  follow_anchor: '/anchor?type=0',
  share: '/anchor?type=0',
  send_gift: '/anchor?type=0',
};

/** The enabled tasks with the user's progress on the day each counts for. */
async function tasksWithProgress(server: ServerContext, userId: number) {
  const today = dayOf(server.clock.now());
  return server.database.db
    .selectFrom('tasks')
    .leftJoin('user_tasks', (join) =>
      join
        .onRef('user_tasks.task_id', '=', 'tasks.id')
        .on('user_tasks.user_id', '=', userId)
        .on('user_tasks.day', '=', sql<Date>`case when tasks.kind = 'daily' then ${today}::date else ${onceDay}::date end`),
    )
    .select([
      'tasks.id',
      'tasks.code',
      'tasks.kind',
      'tasks.task',
      'tasks.task_en',
      'tasks.task_vi',
      'tasks.description',
      'tasks.description_en',
      'tasks.description_vi',
      'tasks.img',
      'tasks.target',
      'tasks.lz_num',
      'user_tasks.progress',
      'user_tasks.completed_at',
      'user_tasks.rewarded_at',
    ])
    .where('tasks.enabled', '=', true)
    .orderBy('tasks.sort')
    .orderBy('tasks.id')
    .execute();
}

/** Today's daily tasks on the sign-in panel (SPEC §3: img, task, lz_num, is_complete). */
export async function todaysTasks(server: ServerContext, userId: number, language: Language): Promise<DailyTask[]> {
  const rows = await tasksWithProgress(server, userId);
  return rows
    .filter((row) => row.kind === 'daily')
    .map((row) => ({ id: row.id, img: row.img, task: taskName(row, language), lz_num: row.lz_num, is_complete: row.completed_at ? 1 : 0 }));
}

function taskName(row: { task: string; task_en: string; task_vi: string }, language: Language): string {
  return catalogueText(language, { zh: row.task, en: row.task_en, vi: row.task_vi });
}

function taskDescription(row: { description: string; description_en: string; description_vi: string }, language: Language): string {
  return catalogueText(language, { zh: row.description, en: row.description_en, vi: row.description_vi });
}

/** Activity_Config/user_task_list: daily tasks (reset at midnight) and newbie tasks (done once). */
export async function taskCentre(server: ServerContext, userId: number, language: Language): Promise<TaskCentre> {
  const [rows, coins] = await Promise.all([tasksWithProgress(server, userId), coinBalance(server.database.db, userId)]);
  const item = (row: (typeof rows)[number]): TaskCentreItem => ({
    id: row.id,
    img: row.img,
    task: taskName(row, language),
    description: taskDescription(row, language),
    kind: row.kind === 'daily' ? 'daily' : 'newbie',
    progress: Math.min(row.progress ?? 0, row.target),
    target: row.target,
    lz_num: row.lz_num,
    is_complete: row.completed_at ? 1 : 0,
    is_received: row.rewarded_at ? 1 : 0,
    link: taskLinks[row.code] ?? '',
  });
  return {
    coins,
    daily: rows.filter((row) => row.kind === 'daily').map(item),
    newbie: rows.filter((row) => row.kind === 'once').map(item),
  };
}

/** The most finished tasks a process remembers for a day; past it, the database answers as before. */
const completedMemory = 100_000;
const completedByServer = new WeakMap<ServerContext, { day: string; done: Set<string> }>();

/** The user:task pairs this process has seen finished on `day`. */
function completedToday(server: ServerContext, day: string): Set<string> {
  const known = completedByServer.get(server);
  if (known?.day === day) return known.done;
  const fresh = { day, done: new Set<string>() };
  completedByServer.set(server, fresh);
  return fresh.done;
}

function remember(done: Set<string>, key: string): void {
  if (done.size < completedMemory) done.add(key);
}

/** The task codes the site's actions count for (tasks.code). */
export type TaskCode = 'watch_room' | 'send_barrage' | 'follow_anchor' | 'share' | 'send_gift';

/**
 * Counts progress on a task by its code (watch_room in minutes, the others one per action), for the
 * areas whose actions complete tasks. The task's coins are credited once, when it completes, through
 * the ledger under a key of the user, the task and its day. With `paceMs`, progress counts only when
 * the last counted progress is at least that old (a minute of watching is counted once, whichever
 * tab or process reports it). Returns the coins credited now (0 when it was not completed by this call).
 */
export async function recordTaskProgress(server: ServerContext, userId: number, code: TaskCode, amount = 1, paceMs = 0): Promise<number> {
  if (amount <= 0) return 0;
  const now = server.clock.now();
  const done = completedToday(server, dayOf(now));
  const doneKey = `${String(userId)}:${code}`;
  // A gift storm asks after every gift; once the day's task is done here, the database is not asked again.
  if (done.has(doneKey)) return 0;
  const { db } = server.database;
  const task = await db
    .selectFrom('tasks')
    .select(['id', 'kind', 'target', 'lz_num'])
    .where('code', '=', code)
    .where('enabled', '=', true)
    .executeTakeFirst();
  if (!task) return 0;
  const day = task.kind === 'daily' ? dayOf(now) : onceDay;
  const paced = new Date(now.getTime() - paceMs);
  const outcome = await db.transaction().execute(async (trx) => {
    const counted = await trx
      .insertInto('user_tasks')
      .values({ user_id: userId, task_id: task.id, day, progress: Math.min(amount, task.target), progressed_at: now })
      .onConflict((conflict) =>
        conflict
          .columns(['user_id', 'task_id', 'day'])
          .doUpdateSet({ progress: sql`least(user_tasks.progress + ${amount}, ${task.target})`, progressed_at: now })
          .where('user_tasks.completed_at', 'is', null)
          .where((eb) => eb.or([eb('user_tasks.progressed_at', 'is', null), eb('user_tasks.progressed_at', '<=', paced)])),
      )
      .returning('progress')
      .executeTakeFirst();
    if (!counted) {
      const finished = await trx
        .selectFrom('user_tasks')
        .select('completed_at')
        .where('user_id', '=', userId)
        .where('task_id', '=', task.id)
        .where('day', '=', asDate(day))
        .executeTakeFirst();
      return { coins: 0, finished: Boolean(finished?.completed_at) };
    }
    const completed = await trx
      .updateTable('user_tasks')
      .set({ completed_at: now, rewarded_at: now })
      .where('user_id', '=', userId)
      .where('task_id', '=', task.id)
      .where('day', '=', asDate(day))
      .where('progress', '>=', task.target)
      .where('completed_at', 'is', null)
      .returning('progress')
      .executeTakeFirst();
    if (!completed) return { coins: 0, finished: false };
    await creditCoins(trx, server, {
      userId,
      amount: task.lz_num,
      kind: 'task',
      key: `task:${userId}:${task.id}:${day}`,
      meta: { task: code, date: day },
    });
    return { coins: task.lz_num, finished: true };
  });
  if (outcome.finished && task.kind === 'daily') remember(done, doneKey);
  return outcome.coins;
}

/**
 * Counts a task's progress after the action that made it has been answered: a count that fails is
 * logged and never undoes the action (a gift paid stays paid).
 */
export function countTaskProgress(server: ServerContext, userId: number, code: TaskCode, amount = 1, paceMs = 0): Promise<void> {
  return recordTaskProgress(server, userId, code, amount, paceMs).then(
    () => undefined,
    (error: unknown) => server.log.warn({ err: error, task: code }, 'a task could not count its progress'),
  );
}
