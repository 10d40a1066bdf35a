import { useLiveNow } from '../api/queries/live.ts';
import { LiveRoomCard } from '../features/live/directory/directory-room-card.tsx';
import { HomeRoomBuckets } from '../features/live/directory/home-room-buckets.tsx';
import { HomeMatchBlocks } from '../features/scores/home-match-blocks.tsx';
import { useMessage } from '../i18n/use-message.ts';
import { EmptyState } from '../ui/empty-state.tsx';
import { Icon } from '../ui/icon.tsx';
import { List } from '../ui/list.tsx';
import { link } from '../routes.ts';
import styles from './home-page.module.css';

// The grid's first row at desktop widths (four cards of 240 px or more): the covers seen before scrolling.
const roomsInFirstRow = 4;

/** /main: the rooms live now, the match blocks, each sport's rooms, and honest empty blocks for what is not built yet. */
export function HomePage({ title }: { title: string }) {
  const t = useMessage();
  const rooms = useLiveNow();

  return (
    <div className={styles.home}>
      <h1 className="ps-visually-hidden">{title}</h1>
      <section aria-labelledby="home-live" className={[styles.section, rooms.isPending ? styles.reserved : ''].join(' ')}>
        <div className={styles.sectionHead}>
          <h2 id="home-live" className={styles.heading}>
            <Icon name="live" />
            {t('home.liveNow')}
          </h2>
          <a href={link('anchor')} className={styles.more}>
            {t('home.allStreamers')}
            <Icon name="chevronRight" size={18} />
          </a>
        </div>
        <List
          label={t('home.liveNow')}
          layout="grid"
          minItemWidth={240}
          status={rooms.isPending ? 'loading' : rooms.isError ? 'error' : 'ready'}
          items={rooms.data?.list}
          getKey={(room) => room.id}
          renderItem={(room, index) => <LiveRoomCard room={room} priority={index < roomsInFirstRow} />}
          emptyLabel={t('common.noData')}
          errorLabel={t('common.loadFailed')}
          loadingLabel={t('common.loading')}
        />
      </section>
      <HomeMatchBlocks />
      <HomeRoomBuckets />
      <div className={styles.columns}>
        <PendingBlock id="home-news" title={t('home.headlines')} href={link('news')} />
        <PendingBlock id="home-videos" title={t('home.videos')} href={link('videoList')} />
      </div>
    </div>
  );
}

function PendingBlock({ id, title, href }: { id: string; title: string; href: string }) {
  const t = useMessage();
  return (
    <section aria-labelledby={id} className={[styles.section, styles.block].join(' ')}>
      <div className={styles.sectionHead}>
        <h2 id={id} className={styles.heading}>
          {title}
        </h2>
        <a href={href} className={styles.more} aria-label={t('home.moreOf', { section: title })}>
          {t('home.more')}
          <Icon name="chevronRight" size={18} />
        </a>
      </div>
      <EmptyState title={t('common.noData')} description={t('common.notBuilt')} />
    </section>
  );
}
