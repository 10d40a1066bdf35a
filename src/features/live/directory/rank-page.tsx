import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useLiveList } from '../../../api/queries/live-directory.ts';
import type { components } from '../../../api/schema';
import { statusMessages } from '../../../i18n/status-messages.ts';
import { useMessage } from '../../../i18n/use-message.ts';
import { link } from '../../../routes.ts';
import { List } from '../../../ui/list.tsx';
import { Page } from '../../../ui/page.tsx';
import { PersonRow } from '../../../ui/person-row.tsx';
import { Select } from '../../../ui/select.tsx';
import { StatusBadge } from '../../../ui/status-badge.tsx';
import { GiftRankingByPeriod } from '../gift-ranking-by-period.tsx';
import { DirectoryLayout } from './directory-layout.tsx';
import panels from './directory-panels.module.css';
import styles from './rank-page.module.css';

type LiveRoom = components['schemas']['LiveRoom'];

/** How many anchors the ranking shows. */
export const rankedAnchors = 20;

/**
 * /rank (SPEC §2): anchors ranked by their rooms' heat (viewers, gifts and barrage, as the contract
 * defines it), and beside them the chosen room's gift ranking (Live_streaming/roomRanking), which
 * the contract keys by room: it ranks a room's givers, not the anchors.
 */
export function RankPage({ title }: { title: string }) {
  const t = useMessage();
  const intl = useIntl();
  const rooms = useLiveList({ type: 0, page: 1, limit: rankedAnchors });
  const ranked = [...(rooms.data?.list ?? [])].sort((a, b) => b.heat - a.heat);
  const [chosenId, setChosenId] = useState<number>();
  const chosen = ranked.find((room) => room.id === chosenId) ?? ranked[0];

  return (
    <DirectoryLayout current="rank">
      <Page title={title}>
        <div className={panels.columns}>
          <section aria-labelledby="rank-anchors" className={panels.panel}>
            <h2 id="rank-anchors" className={styles.heading}>
              {t('liveDirectory.rank.anchors')}
            </h2>
            <List
              label={t('liveDirectory.rank.anchors')}
              status={rooms.isPending ? 'loading' : rooms.isError ? 'error' : 'ready'}
              items={ranked}
              getKey={(room) => room.id}
              renderItem={(room, index) => (
                <PersonRow
                  rank={index + 1}
                  rankLabel={t('liveDirectory.rank.place', { rank: index + 1 })}
                  name={room.anchor.user_nickname}
                  avatar={room.anchor.avatar}
                  levelIcon={room.anchor.exp_icon}
                  detail={<span data-user-content>{room.title}</span>}
                  href={link('live', { id: room.id })}
                  badge={room.status === 'in_progress' ? <StatusBadge status={room.status} label={t(statusMessages[room.status])} /> : undefined}
                  value={t('liveDirectory.rank.heat', { heat: intl.formatNumber(room.heat) })}
                />
              )}
              emptyLabel={t('liveDirectory.noRooms')}
              errorLabel={t('common.loadFailed')}
              loadingLabel={t('common.loading')}
            />
          </section>
          {chosen && <RoomGiftRanking room={chosen} rooms={ranked} onChoose={setChosenId} />}
        </div>
      </Page>
    </DirectoryLayout>
  );
}

/** A room's givers ranked over a period. */
function RoomGiftRanking({ room, rooms, onChoose }: { room: LiveRoom; rooms: readonly LiveRoom[]; onChoose: (id: number) => void }) {
  const t = useMessage();
  const heading = t('liveDirectory.rank.giftsOf', { name: room.anchor.user_nickname });
  return (
    <section aria-labelledby="rank-gifts" className={panels.panel}>
      <h2 id="rank-gifts" className={styles.heading}>
        {heading}
      </h2>
      <div className={styles.choose}>
        <Select
          label={t('liveDirectory.rank.room')}
          value={String(room.id)}
          options={rooms.map((option) => ({ value: String(option.id), label: option.anchor.user_nickname }))}
          userContent
          onChange={(value) => onChoose(Number(value))}
        />
      </div>
      <GiftRankingByPeriod roomId={room.id} label={heading} mineClassName={styles.mine} />
    </section>
  );
}
