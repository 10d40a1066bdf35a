import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInMessages } from '../../server/areas/tasks/sign-in-service.ts';
import { recordTaskProgress, type TaskCode } from '../../server/areas/tasks/task-service.ts';
import { createLoggedInUser } from './demo-session.ts';
import { startTestServer, type TestServer } from './test-server.ts';

interface Board {
  is_sign: 0 | 1;
  today: number;
  sign_days: number;
  coins: number;
  days: Array<{ day: number; is_sign: 0 | 1; lz_num: number }>;
  tasks: Array<{ id: number; img: string; task: string; lz_num: number; is_complete: 0 | 1 }>;
}
interface SignInResult {
  day: number;
  lz_num: number;
  coins: number;
  sign_days: number;
}
interface TaskCentre {
  coins: number;
  daily: Array<{ id: number; task: string; progress: number; target: number; lz_num: number; is_complete: 0 | 1; is_received: 0 | 1; link: string }>;
  newbie: unknown[];
}

const dayMs = 24 * 3600_000;
/** The server's clock; tests move it a day at a time. */
const clock = { offsetMs: 0 };

let nextMobile = 1;

describe('daily sign-in and tasks', () => {
  let server: TestServer;
  let rewards: number[];

  beforeAll(async () => {
    server = await startTestServer({ now: () => new Date(Date.now() + clock.offsetMs) });
    const rows = await server.database.db.selectFrom('sign_in_rewards').select(['day_index', 'lz_num']).orderBy('day_index').execute();
    rewards = rows.map((row) => row.lz_num);
  });
  afterAll(() => server.close());

  /** A user with no sign-in history, logged in. */
  async function newUser(): Promise<{ id: number; token: string }> {
    const suffix = String(nextMobile++).padStart(4, '0');
    return createLoggedInUser(server, { mobile: `86-1350000${suffix}`, nickname: `签到${suffix}`, invitePrefix: 'SIGN' });
  }

  const board = (token: string) => server.call<Board>('POST', '/api/Activity/pcSignTaskList', {}, { token });
  const signIn = (token: string, id: number, key = randomBytes(8).toString('hex')) =>
    server.call<SignInResult>('POST', '/api/Activity/task_handle_sign', { id }, { token, 'idempotency-key': key });
  const ledgerCount = async (userId: number) =>
    (
      await server.database.db
        .selectFrom('ledger_transactions')
        .select('id')
        .where('user_id', '=', userId)
        .where('kind', '=', 'sign_in')
        .execute()
    ).length;

  it('shows a new user the cycle with nothing signed and today as day 1', async () => {
    const user = await newUser();
    const answer = await board(user.token);
    expect(answer.code).toBe(0);
    expect(answer.data).toMatchObject({ is_sign: 0, today: 1, sign_days: 0, coins: 0 });
    expect(answer.data.days).toEqual(rewards.map((lz_num, i) => ({ day: i + 1, is_sign: 0, lz_num })));
    expect(answer.data.tasks.length).toBeGreaterThan(0);
    expect(answer.data.tasks.every((task) => task.is_complete === 0 && task.img.startsWith('/media/'))).toBe(true);
  });

  it('credits once when 10 sign-in clicks arrive at once', async () => {
    const user = await newUser();
    const answers = await Promise.all(Array.from({ length: 10 }, () => signIn(user.token, 1)));
    const succeeded = answers.filter((answer) => answer.code === 0);
    expect(succeeded).toHaveLength(1);
    expect(succeeded[0]!.data).toEqual({ day: 1, lz_num: rewards[0], coins: rewards[0], sign_days: 1 });
    for (const refused of answers.filter((answer) => answer.code !== 0)) {
      expect(refused).toMatchObject({ code: 1, msg: signInMessages.already, data: null });
    }
    expect(await ledgerCount(user.id)).toBe(1);
    const after = await board(user.token);
    expect(after.data).toMatchObject({ is_sign: 1, today: 1, sign_days: 1, coins: rewards[0] });
    expect(after.data.days[0]!.is_sign).toBe(1);
    const info = await server.call<{ coins: number }>('GET', '/api/Member/info', {}, { token: user.token });
    expect(info.data.coins).toBe(rewards[0]);
  });

  it('replays the first answer for the same Idempotency-Key, even when sent 10 times at once', async () => {
    const user = await newUser();
    const key = 'sign-in-same-key-1';
    const answers = await Promise.all(Array.from({ length: 10 }, () => signIn(user.token, 1, key)));
    for (const answer of answers) expect(answer).toMatchObject({ code: 0, data: { day: 1, lz_num: rewards[0], coins: rewards[0] } });
    expect(await ledgerCount(user.id)).toBe(1);
    expect(await signIn(user.token, 1)).toMatchObject({ code: 1, msg: signInMessages.already });
  });

  it("refuses a day that is not today's, and a call without an Idempotency-Key", async () => {
    const user = await newUser();
    expect(await signIn(user.token, 3)).toMatchObject({ code: 1, msg: signInMessages.notToday });
    const missingKey = await server.call('POST', '/api/Activity/task_handle_sign', { id: 1 }, { token: user.token });
    expect(missingKey).toMatchObject({ status: 400, code: 1 });
    expect(await ledgerCount(user.id)).toBe(0);
  });

  it('rewards by streak through the 7-day cycle, starts again after it, and resets after a missed day', async () => {
    const user = await newUser();
    let coins = 0;
    for (let day = 1; day <= 9; day++) {
      const position = ((day - 1) % 7) + 1;
      const before = await board(user.token);
      expect(before.data).toMatchObject({ is_sign: 0, today: position, sign_days: day - 1 });
      expect(before.data.days.filter((d) => d.is_sign === 1)).toHaveLength(position - 1);
      const answer = await signIn(user.token, position);
      coins += rewards[position - 1]!;
      expect(answer).toMatchObject({ code: 0, data: { day: position, lz_num: rewards[position - 1], coins, sign_days: day } });
      clock.offsetMs += dayMs;
    }
    // A day missed: the streak starts again.
    clock.offsetMs += dayMs;
    expect((await board(user.token)).data).toMatchObject({ is_sign: 0, today: 1, sign_days: 0 });
    expect(await signIn(user.token, 1)).toMatchObject({ code: 0, data: { day: 1, lz_num: rewards[0], sign_days: 1 } });
  });

  it('lists the task centre with progress, and credits a task once when it completes', async () => {
    const user = await newUser();
    const centre = await server.call<TaskCentre>('POST', '/api/Activity_Config/user_task_list', {}, { token: user.token });
    expect(centre.code).toBe(0);
    const watch = centre.data.daily.find((task) => task.link === '/anchor?type=0' && task.target > 1);
    expect(watch).toMatchObject({ progress: 0, is_complete: 0, is_received: 0 });

    const context = server.app.serverContext;
    const code = (
      await server.database.db.selectFrom('tasks').select('code').where('id', '=', watch!.id).executeTakeFirstOrThrow()
    ).code as TaskCode;
    expect(await recordTaskProgress(context, user.id, code, watch!.target - 1)).toBe(0);
    const partway = await server.call<TaskCentre>('POST', '/api/Activity_Config/user_task_list', {}, { token: user.token });
    expect(partway.data.daily.find((task) => task.id === watch!.id)).toMatchObject({ progress: watch!.target - 1, is_complete: 0 });

    const credits = await Promise.all([1, 2, 3].map(() => recordTaskProgress(context, user.id, code, 1)));
    expect(credits.filter((credit) => credit > 0)).toEqual([watch!.lz_num]);
    const done = await server.call<TaskCentre>('POST', '/api/Activity_Config/user_task_list', {}, { token: user.token });
    expect(done.data.coins).toBe(watch!.lz_num);
    expect(done.data.daily.find((task) => task.id === watch!.id)).toMatchObject({
      progress: watch!.target,
      is_complete: 1,
      is_received: 1,
    });
    expect((await board(user.token)).data.tasks.find((task) => task.id === watch!.id)?.is_complete).toBe(1);

    // Daily tasks start again the next day.
    clock.offsetMs += dayMs;
    const nextDay = await server.call<TaskCentre>('POST', '/api/Activity_Config/user_task_list', {}, { token: user.token });
    expect(nextDay.data.daily.find((task) => task.id === watch!.id)).toMatchObject({ progress: 0, is_complete: 0 });
  });

  it('answers 700 to a guest', async () => {
    expect(await server.call('POST', '/api/Activity/pcSignTaskList', {})).toMatchObject({ code: 700 });
  });
});
