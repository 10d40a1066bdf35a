import { sql } from 'kysely';
import type { DataOf } from '../../contract/operation-types.ts';
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
      'tasks.description',
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
export async function todaysTasks(server: ServerContext, userId: number): Promise<DailyTask[]> {
  const rows = await tasksWithProgress(server, userId);
  return rows
    .filter((row) => row.kind === 'daily')
    .map((row) => ({ id: row.id, img: row.img, task: row.task, lz_num: row.lz_num, is_complete: row.completed_at ? 1 : 0 }));
}

/** Activity_Config/user_task_list: daily tasks (reset at midnight) and newbie tasks (done once). */
export async function taskCentre(server: ServerContext, userId: number): Promise<TaskCentre> {
  const [rows, coins] = await Promise.all([tasksWithProgress(server, userId), coinBalance(server.database.db, userId)]);
  const item = (row: (typeof rows)[number]): TaskCentreItem => ({
    id: row.id,
    img: row.img,
    task: row.task,
    description: row.description,
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

/**
 * Counts progress on a task by its code (watch_room in minutes, the others one per action), for the
 * areas whose actions complete tasks. The task's coins are credited once, when it completes.
 * Returns the coins credited now (0 when it was not completed by this call).
 */
export async function recordTaskProgress(server: ServerContext, userId: number, code: string, amount = 1): Promise<number> {
  if (amount <= 0) return 0;
  const { db } = server.database;
  const task = await db
    .selectFrom('tasks')
    .select(['id', 'kind', 'target', 'lz_num'])
    .where('code', '=', code)
    .where('enabled', '=', true)
    .executeTakeFirst();
  if (!task) return 0;
  const now = server.clock.now();
  const day = task.kind === 'daily' ? dayOf(now) : onceDay;
  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto('user_tasks')
      .values({ user_id: userId, task_id: task.id, day, progress: Math.min(amount, task.target) })
      .onConflict((conflict) =>
        conflict
          .columns(['user_id', 'task_id', 'day'])
          .doUpdateSet({ progress: sql`least(user_tasks.progress + ${amount}, ${task.target})` }),
      )
      .execute();
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
    if (!completed) return 0;
    await creditCoins(trx, server, {
      userId,
      amount: task.lz_num,
      kind: 'task',
      key: `task:${userId}:${task.id}:${day}`,
      meta: { task: code, date: day },
    });
    return task.lz_num;
  });
}
