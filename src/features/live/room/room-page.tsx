import { useEffect, useMemo, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { ApiError } from '../../../api/client.ts';
import { useRoomInfo } from '../../../api/queries/live.ts';
import type { components } from '../../../api/schema';
import { useMessage } from '../../../i18n/use-message.ts';
import { link, useRouteQuery } from '../../../routes.ts';
import { Avatar } from '../../../ui/avatar.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { Page } from '../../../ui/page.tsx';
import { useStoredUser } from '../../../realtime/stored-user.ts';
import { RoomActions } from './room-actions.tsx';
import { RoomExtras } from './room-extras.tsx';
import { RoomMatchCard } from './room-match-card.tsx';
import { RoomChatPanel } from './room-chat-panel.tsx';
import { useRoomEntryEffects } from './room-entry-effects.tsx';
import type { RoomChatMessage } from '../../../realtime/use-room-chat.ts';
import { useRoomAirStatus } from './room-air-status.ts';
import { RoomPlayer } from './room-player.tsx';
import styles from './room-page.module.css';

type LiveRoomInfo = components['schemas']['LiveRoomInfo'];

/** What other areas show in a room; src/app hands them in, since features do not import each other. */
export interface RoomParts {
  /** The horn strip over the picture (the social area's). */
  horns?: ReactNode;
  /** The gift bar under the player, for the room and its anchor (the gifts area's). */
  GiftBar?: ComponentType<{ roomId: number; anchorId: number }>;
  /** The gift effects (the gifts area's): what plays over the picture, fed the chat's gift lines. */
  giftEffects?: { overlay: ReactNode; onGift: (message: RoomChatMessage) => void };
  /** The anchor's videos under the room (the video area's), for the anchor. */
  Works?: ComponentType<{ anchorId: number }>;
}

function Room({ info, parts: { horns, GiftBar, giftEffects, Works } }: { info: LiveRoomInfo; parts: RoomParts }) {
  const t = useMessage();
  const intl = useIntl();
  const { room, anchor_stats: stats } = info;
  const onAir = room.status === 'in_progress';
  // The chat's messages also fly over the picture, as danmaku.
  const [chatLines, setChatLines] = useState<readonly RoomChatMessage[]>([]);
  // Gifts show as their banner in the chat and their effect over the picture, not as danmaku.
  // A line the room's moderators deleted leaves the list, so it never flies and stops if it is flying. The
  // history read on entering was said before the viewer came and does not fly either.
  const danmaku = useMemo(() => chatLines.filter((line) => !line.gift && !line.revoked && line.live), [chatLines]);
  const entries = useRoomEntryEffects();
  const lastLive =
    room.start_time === undefined
      ? undefined
      : t('room.lastLive', {
          time: intl.formatDate(room.start_time * 1000, { month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }),
        });
  return (
    <article className={styles.room} data-room-id={room.id}>
      <header className={styles.header}>
        <Avatar src={room.anchor.avatar} name={room.anchor.user_nickname} size={52} />
        <div className={styles.heading}>
          <h1 className={styles.title}>
            {onAir ? <span className={styles.live}>{t('room.live')}</span> : null}
            <span className={styles.titleText} data-user-content>
              {room.title}
            </span>
          </h1>
          <p className={styles.meta}>
            <span className={styles.nick} data-user-content>
              {room.anchor.user_nickname}
            </span>
            <span>{t('room.fans', { count: stats.fans })}</span>
            {onAir ? <span>{t('room.viewers', { count: room.viewers })}</span> : null}
          </p>
        </div>
        <RoomActions room={room} />
        {room.match ? <RoomMatchCard match={room.match} /> : null}
      </header>
      <div className={styles.theatre}>
        <div className={styles.stage}>
          {horns}
          <RoomPlayer
            room={room}
            offlineDetail={onAir ? undefined : lastLive}
            danmaku={danmaku}
            effects={
              <>
                {entries.overlay}
                {giftEffects?.overlay}
              </>
            }
          />
          {GiftBar ? <GiftBar roomId={room.id} anchorId={room.anchor.id} /> : null}
        </div>
        <div className={styles.chat}>
          <RoomChatPanel
            roomId={room.id}
            groupID={info.chat_group_id}
            rules={info.chat_rules}
            canModerate={info.viewer.is_manager === 1}
            onMessages={setChatLines}
            onGift={giftEffects?.onGift}
            onEntry={entries.onEntry}
          />
        </div>
      </div>
      {room.placard ? (
        <section className={styles.placard} aria-labelledby="room-placard">
          <h2 id="room-placard" className={styles.placardTitle}>
            {t('room.placard')}
          </h2>
          <p className={styles.placardText} data-user-content>
            {room.placard}
          </p>
        </section>
      ) : null}
      <RoomExtras room={room} />
      {Works ? <Works anchorId={room.anchor.id} /> : null}
    </article>
  );
}

function RoomNotFound() {
  const t = useMessage();
  return (
    <EmptyState
      icon="live"
      title={t('room.notFound')}
      description={t('room.notFoundHint')}
      action={
        <Link className={styles.back} to={link('anchor', { type: 0 })}>
          {t('room.toDirectory')}
        </Link>
      }
    />
  );
}

/**
 * The room's info says what the viewer may do there (LiveRoomInfo.viewer: manage, guard, muted): logging in
 * or out on the page reads it again at once, so the anchor's and the managers' tools appear without waiting.
 */
function useRoomInfoForWhoIsWatching(refetch: () => unknown) {
  const viewerId = useStoredUser()?.id ?? null;
  const shownFor = useRef(viewerId);
  useEffect(() => {
    if (shownFor.current === viewerId) return;
    shownFor.current = viewerId;
    void refetch();
  }, [viewerId, refetch]);
}

/** /live?id=: a streamer's room, its header and its video (SPEC §2), with the other areas' parts handed in. */
export function RoomPage(parts: RoomParts) {
  const t = useMessage();
  const { id } = useRouteQuery('live');
  const info = useRoomInfo(id, useRoomAirStatus(id));
  useRoomInfoForWhoIsWatching(info.refetch);
  const notFound = id === undefined || (info.error instanceof ApiError && info.error.code === 1);
  if (info.data && !notFound) {
    return (
      <div className={styles.page}>
        <Room info={info.data} parts={parts} />
      </div>
    );
  }
  // Without a room to show, the page still has its heading: the route's title.
  let body;
  if (notFound) body = <RoomNotFound />;
  else if (info.error) body = <EmptyState icon="live" title={t('common.loadFailed')} />;
  else body = <EmptyState busy title={t('common.loading')} />;
  return <Page title={t('route.live')}>{body}</Page>;
}
