import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { useLiveCategories, useLiveList } from '../../../api/queries/live-directory.ts';
import { localName } from '../../../i18n/locale.ts';
import { useMessage } from '../../../i18n/use-message.ts';
import { usePaginationLabels } from '../../../i18n/use-pagination-labels.ts';
import { link, useRouteQuery, type QueryOf } from '../../../routes.ts';
import { List } from '../../../ui/list.tsx';
import { NavLinks } from '../../../ui/nav-links.tsx';
import { Page } from '../../../ui/page.tsx';
import { Pagination, pageCountOf } from '../../../ui/pagination.tsx';
import { Tabs } from '../../../ui/tabs.tsx';
import { DirectoryLayout } from './directory-layout.tsx';
import { LiveRoomCard } from './directory-room-card.tsx';
import { onAirFirst } from './directory-rooms.ts';
import styles from './directory-page.module.css';
import { useLiveMatchSport } from '../use-live-match.ts';

type LiveType = QueryOf<'anchor'>['type'];
type TypeKey = `${LiveType}`;

/** Rooms per page: three rows of four at desktop widths. */
export const roomsPerPage = 12;
// The first row's covers are seen before scrolling.
const roomsInFirstRow = 4;

/** /anchor (SPEC §2): rooms by type (0 all, 1 football, 2 basketball, 3 e-sports) and category, on air first. */
export function DirectoryPage({ title }: { title: string }) {
  const t = useMessage();
  const navigate = useNavigate();
  const { type, id, name } = useRouteQuery('anchor');
  // The cards' scores follow the socket's pushes for the type's sport.
  useLiveMatchSport(type);

  return (
    <DirectoryLayout current="anchor">
      <Page title={title} subtitle={name}>
        <Tabs
          label={t('liveDirectory.type')}
          tabs={[
            { key: '0', label: t('scores.filter.all') },
            { key: '1', label: t('nav.football') },
            { key: '2', label: t('nav.basketball') },
            { key: '3', label: t('nav.esports') },
          ]}
          selected={String(type) as TypeKey}
          onSelect={(key) => void navigate(link('anchor', { type: Number(key) as LiveType }))}
        >
          <CategoryChips type={type} categoryId={id} />
          {/* A new type or category starts again from its first page. */}
          <DirectoryRooms key={`${String(type)}-${String(id ?? '')}`} type={type} categoryId={id} />
        </Tabs>
      </Page>
    </DirectoryLayout>
  );
}

/** The type's categories as links (Live/getRoomList); none while the server cannot list them. */
function CategoryChips({ type, categoryId }: { type: LiveType; categoryId: number | undefined }) {
  const t = useMessage();
  const { locale } = useIntl();
  const categories = useLiveCategories(type);
  if (!categories.data || categories.data.length === 0) return null;
  return (
    <div className={styles.chips}>
      <NavLinks
        variant="chips"
        label={t('liveDirectory.categories')}
        current={String(categoryId ?? 'all')}
        items={[
          { key: 'all', label: t('scores.filter.all'), href: link('anchor', { type }) },
          ...categories.data.map((category) => {
            const label = localName({ zh: category.name, en: category.name_en }, locale);
            return { key: String(category.id), label, href: link('anchor', { type, id: category.id, name: label }) };
          }),
        ]}
      />
    </div>
  );
}

/** A page of rooms of the type and category, with paging. */
function DirectoryRooms({ type, categoryId }: { type: LiveType; categoryId: number | undefined }) {
  const t = useMessage();
  const pageLabels = usePaginationLabels();
  const [page, setPage] = useState(1);
  const rooms = useLiveList({ type, category_id: categoryId, page, limit: roomsPerPage }, { keepPrevious: true });
  const pageCount = rooms.data ? pageCountOf(rooms.data.total, rooms.data.limit) : 0;
  return (
    <>
      <List
        label={t('liveDirectory.rooms')}
        layout="grid"
        minItemWidth={240}
        status={rooms.isPending ? 'loading' : rooms.isError ? 'error' : 'ready'}
        items={rooms.data && onAirFirst(rooms.data.list)}
        getKey={(room) => room.id}
        renderItem={(room, index) => <LiveRoomCard room={room} priority={page === 1 && index < roomsInFirstRow} headingLevel={2} />}
        emptyLabel={t('liveDirectory.noRooms')}
        errorLabel={t('common.loadFailed')}
        loadingLabel={t('common.loading')}
      />
      <div className={styles.pages}>
        <Pagination
          {...pageLabels}
          page={page}
          pageCount={pageCount}
          onChange={(next) => {
            setPage(next);
            window.scrollTo({ top: 0 });
          }}
          label={t('liveDirectory.pages')}
        />
      </div>
    </>
  );
}
