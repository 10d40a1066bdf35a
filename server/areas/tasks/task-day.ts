import { sql, type RawBuilder } from 'kysely';

// Daily things (sign-in, daily tasks) turn over at midnight in Asia/Shanghai, the site's home time
// zone (openapi.yaml, Activity_Config/user_task_list). China keeps UTC+8 all year.
const homeOffsetMs = 8 * 3600_000;

/** The site's calendar day of a moment, as 'YYYY-MM-DD'. */
export function dayOf(moment: Date): string {
  return new Date(moment.getTime() + homeOffsetMs).toISOString().slice(0, 10);
}

/** The day before a 'YYYY-MM-DD' day. */
export function dayBefore(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

/** The day user_tasks uses for tasks done once (newbie tasks). */
export const onceDay = '1970-01-01';

/** A 'YYYY-MM-DD' day as a SQL date, to compare with date columns (which read as Date). */
export function asDate(day: string): RawBuilder<Date> {
  return sql<Date>`${day}::date`;
}
