import { useIntl } from 'react-intl';
import { useLiveNow } from '../api/queries/live.ts';
import { HomeMatchBlocks } from '../features/scores/home-match-blocks.tsx';
import type { components } from '../api/schema';
import { localName } from '../i18n/locale.ts';
import { matchClockText } from '../i18n/match-clock.ts';
import { statusMessages } from '../i18n/status-messages.ts';
import { useMessage } from '../i18n/use-message.ts';
import { Avatar } from '../ui/avatar.tsx';
import { Card } from '../ui/card.tsx';
import { EmptyState } from '../ui/empty-state.tsx';
import { Icon } from '../ui/icon.tsx';
import { Image } from '../ui/image.tsx';
import { List } from '../ui/list.tsx';
import { MatchLine } from '../ui/match-line.tsx';
import { StatusBadge } from '../ui/status-badge.tsx';
import { link } from '../routes.ts';
import styles from './home-page.module.css';

type LiveRoom = components['schemas']['LiveRoom'];

// The grid's first row at desktop widths (four cards of 240 px or more): the covers seen before scrolling.
const roomsInFirstRow = 4;

/** /main: the rooms live now, the match blocks, and honest empty blocks for what is not built yet. */
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
          renderItem={(room, index) => <RoomCard room={room} aboveTheFold={index < roomsInFirstRow} />}
          emptyLabel={t('common.noData')}
          errorLabel={t('common.loadFailed')}
          loadingLabel={t('common.loading')}
        />
      </section>
      <HomeMatchBlocks />
      <div className={styles.columns}>
        <PendingBlock id="home-news" title={t('home.headlines')} href={link('news')} />
        <PendingBlock id="home-videos" title={t('home.videos')} href={link('videoList')} />
      </div>
    </div>
  );
}

function RoomCard({ room, aboveTheFold }: { room: LiveRoom; aboveTheFold: boolean }) {
  const t = useMessage();
  const { locale } = useIntl();
  return (
    <Card
      title={room.title}
      href={link('live', { id: room.id })}
      media={
        <div className={styles.cover}>
          <Image src={room.cover} alt="" priority={aboveTheFold} />
          <span className={styles.status}>
            <StatusBadge status={room.status} label={t(statusMessages[room.status])} />
          </span>
          <span className={styles.viewers}>
            <Icon name="eye" size={14} />
            <span>{t('home.viewers', { count: room.viewers })}</span>
          </span>
        </div>
      }
    >
      <span className={styles.anchor}>
        <Avatar src={room.anchor.avatar} name={room.anchor.user_nickname} size={24} />
        <span className={styles.anchorName}>{room.anchor.user_nickname}</span>
      </span>
      <span className={styles.category}>{localName({ zh: room.category.name, en: room.category.name_en }, locale)}</span>
      {room.match && (
        <div className={styles.match}>
          <MatchLine
            home={{
              name: localName({ zh: room.match.home_team_name_zh, en: room.match.home_team_name_en }, locale),
              logo: room.match.home_team_logo,
              score: room.match.status === 'not_started' ? undefined : room.match.home_score,
            }}
            away={{
              name: localName({ zh: room.match.away_team_name_zh, en: room.match.away_team_name_en }, locale),
              logo: room.match.away_team_logo,
              score: room.match.status === 'not_started' ? undefined : room.match.away_score,
            }}
            middle={room.match.match_str === undefined ? undefined : matchClockText(room.match.match_str, t)}
          />
        </div>
      )}
    </Card>
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
