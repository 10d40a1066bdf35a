import { useState } from 'react';
import { useRoomRanking } from '../../api/queries/live-directory.ts';
import { useMessage } from '../../i18n/use-message.ts';
import { List } from '../../ui/list.tsx';
import { PersonRow } from '../../ui/person-row.tsx';
import { Tabs } from '../../ui/tabs.tsx';

type Period = 'day' | 'week' | 'month' | 'total';

export interface GiftRankingByPeriodProps {
  /** The room whose givers are ranked (Live_streaming/roomRanking). */
  roomId: number;
  /** The list's accessible name: the heading of the panel it sits in. */
  label: string;
  /** How many givers to show; all the call returns when absent. */
  limit?: number;
  /** A class for a box around the viewer's own place, where the panel sets it apart. */
  mineClassName?: string;
}

/** A room's givers ranked over a period the viewer picks (this week first), with the viewer's own place. */
export function GiftRankingByPeriod({ roomId, label, limit, mineClassName }: GiftRankingByPeriodProps) {
  const t = useMessage();
  const [period, setPeriod] = useState<Period>('week');
  const ranking = useRoomRanking({ room_id: roomId, period }, { keepPrevious: true });
  const mine = ranking.data?.mine;
  const mineRow = mine && (
    <PersonRow
      rank={mine.rank}
      rankLabel={t('liveDirectory.rank.place', { rank: mine.rank })}
      name={mine.user.user_nickname}
      avatar={mine.user.avatar}
      detail={t('liveDirectory.rank.mine')}
      value={t('liveDirectory.rank.diamonds', { amount: mine.amount })}
    />
  );
  return (
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
        label={label}
        status={ranking.isPending ? 'loading' : ranking.isError ? 'error' : 'ready'}
        items={limit === undefined ? ranking.data?.list : ranking.data?.list.slice(0, limit)}
        getKey={(entry) => entry.user.id}
        renderItem={(entry) => (
          <PersonRow
            rank={entry.rank}
            rankLabel={t('liveDirectory.rank.place', { rank: entry.rank })}
            name={entry.user.user_nickname}
            avatar={entry.user.avatar}
            levelIcon={entry.user.exp_icon}
            value={t('liveDirectory.rank.diamonds', { amount: entry.amount })}
          />
        )}
        emptyLabel={t('liveDirectory.rank.noGifts')}
        errorLabel={t('common.loadFailed')}
        loadingLabel={t('common.loading')}
      />
      {mineRow && mineClassName ? <div className={mineClassName}>{mineRow}</div> : mineRow}
    </Tabs>
  );
}
