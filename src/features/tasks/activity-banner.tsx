import { useActivityLink } from '../../api/queries/tasks.ts';
import { useMessage } from '../../i18n/use-message.ts';
import styles from './tasks.module.css';

/** The official activity running now (Activity_Config/getActivityUrl); nothing when none runs. */
export function ActivityBanner() {
  const t = useMessage();
  const activity = useActivityLink();
  if (!activity.data) return null;
  const external = activity.data.url.startsWith('https://');
  return (
    <p className={styles.activity}>
      <span className={styles.activityLabel}>{t('mall.activity')}</span>
      <a href={activity.data.url} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
        {activity.data.title}
      </a>
    </p>
  );
}
