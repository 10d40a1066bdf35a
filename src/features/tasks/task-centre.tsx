import { useUserTaskList } from '../../api/queries/tasks.ts';
import { useMessage } from '../../i18n/use-message.ts';
import { link } from '../../routes.ts';
import { EmptyState } from '../../ui/empty-state.tsx';
import styles from './tasks.module.css';

/** The task centre (Activity_Config/user_task_list): daily and newbie tasks and their coins. */
export function TaskCentre() {
  const t = useMessage();
  const centre = useUserTaskList();
  if (!centre.data) return <EmptyState title={centre.isPending ? t('common.loading') : t('common.noData')} busy={centre.isPending} />;
  // A heading over nothing reads as broken: a group without tasks is left out, and only when no
  // group has any does the centre say 'No data' (SPEC §8).
  const groups = [
    { key: 'daily', title: t('tasks.daily'), items: centre.data.daily },
    { key: 'newbie', title: t('tasks.newbie'), items: centre.data.newbie },
  ].filter((group) => group.items.length > 0);
  return (
    <section className={styles.panel} aria-labelledby="task-centre-heading">
      <div className={styles.header}>
        <h2 id="task-centre-heading">{t('tasks.title')}</h2>
        <span>
          <span className={styles.coins}>{t('signIn.coins', { coins: centre.data.coins })}</span>
          <a className={styles.mallLink} href={link('member', { type: 1, section: 'mall' })}>
            {t('mall.goToMall')}
          </a>
        </span>
      </div>
      {groups.length === 0 && <EmptyState title={t('common.noData')} />}
      {groups.map((group) => (
        <div key={group.key}>
          <h3 id={`tasks-${group.key}-heading`}>{group.title}</h3>
          <ul className={styles.tasks} aria-labelledby={`tasks-${group.key}-heading`}>
            {group.items.map((task) => (
              <li key={task.id} className={styles.task}>
                <img src={task.img} alt="" />
                <span>{task.task}</span>
                <span>{t('tasks.reward', { coins: task.lz_num })}</span>
                <span className={task.is_complete ? undefined : styles.muted}>
                  {task.is_complete ? t('tasks.complete') : t('tasks.incomplete')}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
