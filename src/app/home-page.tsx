import { useIntl } from 'react-intl';
import { useHeadlinePage, useHomeBanners } from '../api/queries/content.ts';
import { useLiveNow } from '../api/queries/live.ts';
import { useVideoList } from '../api/queries/video.ts';
import { LiveRoomCard } from '../features/live/directory/directory-room-card.tsx';
import { HomeRoomBuckets } from '../features/live/directory/home-room-buckets.tsx';
import { HomeMatchBlocks } from '../features/scores/home-match-blocks.tsx';
import { VideoCard } from '../features/video/video-card.tsx';
import { useMessage } from '../i18n/use-message.ts';
import { BannerCarousel } from '../ui/banner-carousel.tsx';
import { EmptyState } from '../ui/empty-state.tsx';
import { Icon } from '../ui/icon.tsx';
import { List } from '../ui/list.tsx';
import { link } from '../routes.ts';
import styles from './home-page.module.css';

// The grid's first row at desktop widths (four cards of 240 px or more): the covers seen before scrolling.
const roomsInFirstRow = 4;

/** /main: the banners, the rooms live now, the match blocks, each sport's rooms, the newest articles and the hottest videos. */
export function HomePage({ title }: { title: string }) {
  const t = useMessage();
  const rooms = useLiveNow();
  const { locale } = useIntl();
  const banners = useHomeBanners(locale);

  return (
    <div className={styles.home}>
      <h1 className="ps-visually-hidden">{title}</h1>
      <BannerCarousel
        slides={(banners.data ?? []).map((banner) => ({ id: banner.id, image: banner.image, title: banner.title, href: banner.link }))}
        label={t('home.featured')}
        previousLabel={t('home.previousSlide')}
        nextLabel={t('home.nextSlide')}
        slideLabel={(index, count) => t('home.slide', { index, count })}
        pending={banners.isPending}
      />
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
        <HeadlinesBlock />
        <HotVideosBlock />
      </div>
    </div>
  );
}

/** The newest articles, top stories first, five of them. */
function HeadlinesBlock() {
  const t = useMessage();
  const { locale } = useIntl();
  const articles = useHeadlinePage({ limit: 5 }, locale);
  const title = t('home.headlines');
  return (
    <section aria-labelledby="home-news" className={[styles.section, styles.block].join(' ')}>
      <div className={styles.sectionHead}>
        <h2 id="home-news" className={styles.heading}>
          {title}
        </h2>
        <a href={link('news')} className={styles.more} aria-label={t('home.moreOf', { section: title })}>
          {t('home.more')}
          <Icon name="chevronRight" size={18} />
        </a>
      </div>
      {articles.data && articles.data.list.length > 0 ? (
        <ul className={styles.headlines}>
          {articles.data.list.map((article) => (
            <li key={article.id}>
              <a href={link('detail', { id: article.id })} data-user-content>
                {article.title}
              </a>
              <time dateTime={new Date(article.publish_time * 1000).toISOString()}>{new Date(article.publish_time * 1000).toLocaleDateString(locale)}</time>
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState title={articles.isPending ? t('common.loading') : t('common.noData')} />
      )}
    </section>
  );
}

/** The four hottest videos (views, likes, comments and favourites decayed by age, as the video list orders them). */
function HotVideosBlock() {
  const t = useMessage();
  const videos = useVideoList({ sort: 'hot', limit: 4 });
  const title = t('home.videos');
  return (
    <section aria-labelledby="home-videos" className={[styles.section, styles.block].join(' ')}>
      <div className={styles.sectionHead}>
        <h2 id="home-videos" className={styles.heading}>
          {title}
        </h2>
        <a href={link('videoList')} className={styles.more} aria-label={t('home.moreOf', { section: title })}>
          {t('home.more')}
          <Icon name="chevronRight" size={18} />
        </a>
      </div>
      <List
        label={title}
        layout="grid"
        minItemWidth={200}
        status={videos.isPending ? 'loading' : videos.isError ? 'error' : 'ready'}
        items={videos.data?.list}
        getKey={(video) => video.id}
        renderItem={(video) => <VideoCard video={video} />}
        emptyLabel={t('common.noData')}
        errorLabel={t('common.loadFailed')}
        loadingLabel={t('common.loading')}
      />
    </section>
  );
}
