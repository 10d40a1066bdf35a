import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';
import { useMessage } from '../../i18n/use-message.ts';
import { EmptyState } from '../../ui/empty-state.tsx';
import styles from './tasks.module.css';

/** The task centre (Activity_Config/user_task_list): daily and newbie tasks and their coins. */
export function TaskCentre() {
  const api = useApi();
  const t = useMessage();
  const centre = useQuery({
    queryKey: ['post', '/api/Activity_Config/user_task_list'],
    queryFn: () => api.post('/api/Activity_Config/user_task_list'),
  });
  if (!centre.data) return <EmptyState title={centre.isPending ? t('common.loading') : t('common.noData')} busy={centre.isPending} />;
  const groups = [
    { key: 'daily', title: t('tasks.daily'), items: centre.data.daily },
    { key: 'newbie', title: t('tasks.newbie'), items: centre.data.newbie },
  ];
  return (
    <section className={styles.panel} aria-labelledby="task-centre-heading">
      <div className={styles.header}>
        <h2 id="task-centre-heading">{t('tasks.title')}</h2>
        <span className={styles.coins}>{t('signIn.coins', { coins: centre.data.coins })}</span>
      </div>
      {groups.map((group) => (
        <div key={group.key}>
          <h3>{group.title}</h3>
          <ul className={styles.tasks}>
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
