import { SignInPanel } from './sign-in-panel.tsx';
import { TaskCentre } from './task-centre.tsx';

/** The daily sign-in and the task centre, as the personal centre shows them. */
export function TasksPanel() {
  return (
    <>
      <SignInPanel />
      <TaskCentre />
    </>
  );
}
