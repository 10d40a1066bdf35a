import { useRoomBuckets } from '../../../api/queries/live.ts';
import { useMessage } from '../../../i18n/use-message.ts';
import { link } from '../../../routes.ts';
import { Icon } from '../../../ui/icon.tsx';
import { List } from '../../../ui/list.tsx';
import { LiveRoomCard } from './directory-room-card.tsx';
import styles from './home-room-buckets.module.css';

/** The sports' blocks of the home page; the rooms on air across all sports lead the page above them. */
const sportTitles = { 1: 'home.bucket.football', 2: 'home.bucket.basketball', 3: 'home.bucket.esports' } as const;

/** /main's blocks of rooms by sport (Live/getBucketRoomList), each with a way to its streamer list. */
export function HomeRoomBuckets() {
  const t = useMessage();
  const buckets = useRoomBuckets();
  const sports = (buckets.data ?? []).flatMap((bucket) => (bucket.type === 0 ? [] : [{ ...bucket, type: bucket.type }]));
  if (sports.length === 0) return null;
  return (
    <div className={styles.buckets}>
      {sports.map((bucket) => {
        const title = t(sportTitles[bucket.type]);
        const id = `home-bucket-${String(bucket.id)}`;
        return (
          <section key={bucket.id} aria-labelledby={id} className={styles.bucket}>
            <div className={styles.head}>
              <h2 id={id} className={styles.heading}>
                {title}
              </h2>
              <a href={link('anchor', { type: bucket.type })} className={styles.more} aria-label={t('home.moreOf', { section: title })}>
                {t('home.more')}
                <Icon name="chevronRight" size={18} />
              </a>
            </div>
            <List
              label={title}
              layout="grid"
              minItemWidth={240}
              status="ready"
              items={bucket.rooms}
              getKey={(room) => room.id}
              renderItem={(room) => <LiveRoomCard room={room} />}
              emptyLabel={t('common.noData')}
              errorLabel={t('common.loadFailed')}
              loadingLabel={t('common.loading')}
            />
          </section>
        );
      })}
    </div>
  );
}
