/** The contract's Timestamp of a date: whole seconds since 1970-01-01 UTC. */
export function timestampOf(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}
