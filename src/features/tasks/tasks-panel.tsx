import { ActivityBanner } from './activity-banner.tsx';
import { SignInPanel } from './sign-in-panel.tsx';
import { TaskCentre } from './task-centre.tsx';

/** The official activity, the daily sign-in and the task centre, as the personal centre shows them. */
export function TasksPanel() {
  return (
    <>
      <ActivityBanner />
      <SignInPanel />
      <TaskCentre />
    </>
  );
}
