// What other areas may use of the tasks area, each name taken from the file that defines it. An area reaches
// another only through that area's public file (README, Layout), and lint holds it.

export { recordTaskProgress } from './task-service.ts';
export { countTaskProgress, type TaskCode } from './task-service.ts';
