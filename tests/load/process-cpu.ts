import { readFileSync } from 'node:fs';

/** The CPU time a process has used so far, in ms (Linux's /proc; 0 elsewhere, or once the process is gone). */
export function cpuMs(pid: number | string | undefined): number {
  try {
    const fields = readFileSync(`/proc/${String(pid)}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime, in clock ticks of 10 ms
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}
