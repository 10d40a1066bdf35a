import { useState } from 'react';
import { useFavoriteVideos } from '../../api/queries/video.ts';
import { usePaginationLabels } from '../../i18n/use-pagination-labels.ts';
import { useMessage } from '../../i18n/use-message.ts';
import { List } from '../../ui/list.tsx';
import { Pagination, pageCountOf } from '../../ui/pagination.tsx';
import { VideoCard } from './video-card.tsx';

const pageSize = 12;

/** My favourite videos, for the member centre: the shell hands it to the account area's screen. */
export function FavoriteVideosPanel() {
  const t = useMessage();
  const pagination = usePaginationLabels();
  const [page, setPage] = useState(1);
  const favourites = useFavoriteVideos({ page, limit: pageSize }, { keepPrevious: true });
  return (
    <section aria-labelledby="favourite-videos">
      <h2 id="favourite-videos">{t('video.favorites')}</h2>
      <List
        label={t('video.favorites')}
        layout="grid"
        status={favourites.isPending ? 'loading' : favourites.isError ? 'error' : 'ready'}
        items={favourites.data?.list}
        getKey={(video) => video.id}
        renderItem={(video) => <VideoCard video={video} />}
        emptyLabel={t('common.noData')}
        loadingLabel={t('common.loading')}
      />
      <Pagination page={page} pageCount={pageCountOf(favourites.data?.total ?? 0, pageSize)} onChange={setPage} label={t('video.favorites')} {...pagination} />
    </section>
  );
}
