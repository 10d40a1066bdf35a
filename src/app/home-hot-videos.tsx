import { useVideoList } from '../api/queries/video.ts';
import { VideoCard } from '../features/video/video-card.tsx';
import { List } from '../ui/list.tsx';

export interface HomeHotVideosProps {
  /** The list's accessible name. */
  label: string;
  /** Shown when there are no videos. */
  emptyLabel: string;
  /** Shown when they could not be loaded. */
  errorLabel: string;
  /** Shown while they load. */
  loadingLabel: string;
}

/** The four hottest videos (views, likes, comments and favourites decayed by age, as the video list orders them). */
export function HomeHotVideos({ label, emptyLabel, errorLabel, loadingLabel }: HomeHotVideosProps) {
  const videos = useVideoList({ sort: 'hot', limit: 4 });
  return (
    <List
      label={label}
      layout="grid"
      minItemWidth={200}
      status={videos.isPending ? 'loading' : videos.isError ? 'error' : 'ready'}
      items={videos.data?.list}
      getKey={(video) => video.id}
      renderItem={(video) => <VideoCard video={video} />}
      emptyLabel={emptyLabel}
      errorLabel={errorLabel}
      loadingLabel={loadingLabel}
    />
  );
}
