import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useRoomRanking } from '../../../api/queries/live-directory.ts';
import { useMessage } from '../../../i18n/use-message.ts';
import { List } from '../../../ui/list.tsx';
import { PersonRow } from '../../../ui/person-row.tsx';
import { Tabs } from '../../../ui/tabs.tsx';
import styles from './room-extras.module.css';

type Period = 'day' | 'week' | 'month' | 'total';

/** How many givers the room's panel shows. */
export const rankedGivers = 10;

/** The room's gift ranking (Live_streaming/roomRanking) by period, with my own place. */
export function RoomRankingPanel({ roomId }: { roomId: number }) {
  const t = useMessage();
  const intl = useIntl();
  const [period, setPeriod] = useState<Period>('week');
  const ranking = useRoomRanking({ room_id: roomId, period }, { keepPrevious: true });
  const mine = ranking.data?.mine;
  const heading = t('roomExtras.ranking');
  return (
    <section className={styles.panel} aria-labelledby="room-ranking">
      <h2 id="room-ranking" className={styles.panelTitle}>
        {heading}
      </h2>
      <Tabs
        label={t('liveDirectory.rank.period')}
        tabs={[
          { key: 'day', label: t('liveDirectory.rank.day') },
          { key: 'week', label: t('liveDirectory.rank.week') },
          { key: 'month', label: t('liveDirectory.rank.month') },
          { key: 'total', label: t('liveDirectory.rank.total') },
        ]}
        selected={period}
        onSelect={setPeriod}
      >
        <List
          label={heading}
          status={ranking.isPending ? 'loading' : ranking.isError ? 'error' : 'ready'}
          items={ranking.data?.list.slice(0, rankedGivers)}
          getKey={(entry) => entry.user.id}
          renderItem={(entry) => (
            <PersonRow
              rank={entry.rank}
              rankLabel={t('liveDirectory.rank.place', { rank: entry.rank })}
              name={entry.user.user_nickname}
              avatar={entry.user.avatar}
              levelIcon={entry.user.exp_icon}
              value={t('liveDirectory.rank.diamonds', { amount: intl.formatNumber(entry.amount) })}
            />
          )}
          emptyLabel={t('liveDirectory.rank.noGifts')}
          errorLabel={t('common.loadFailed')}
          loadingLabel={t('common.loading')}
        />
        {mine && (
          <PersonRow
            rank={mine.rank}
            rankLabel={t('liveDirectory.rank.place', { rank: mine.rank })}
            name={mine.user.user_nickname}
            avatar={mine.user.avatar}
            detail={t('liveDirectory.rank.mine')}
            value={t('liveDirectory.rank.diamonds', { amount: intl.formatNumber(mine.amount) })}
          />
        )}
      </Tabs>
    </section>
  );
}
