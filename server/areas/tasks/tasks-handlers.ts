import { defineAreaHandlers } from '../../contract/area-handlers.ts';
import { signIn, signTaskBoard } from './sign-in-service.ts';
import { taskCentre } from './task-service.ts';

export const tasksHandlers = defineAreaHandlers('tasks', {
  activityPcSignTaskList: ({ server, me }) => signTaskBoard(server, me().id),
  activityTaskHandleSign: ({ server, input, me, idempotencyKey }) => signIn(server, me().id, input.id, idempotencyKey),
  activityConfigUserTaskList: ({ server, me }) => taskCentre(server, me().id),
});
