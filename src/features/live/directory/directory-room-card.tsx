import { useIntl } from 'react-intl';
import type { components } from '../../../api/schema';
import { localName } from '../../../i18n/locale.ts';
import { matchClockText } from '../../../i18n/match-clock.ts';
import { statusMessages } from '../../../i18n/status-messages.ts';
import { useMessage } from '../../../i18n/use-message.ts';
import { link } from '../../../routes.ts';
import { RoomCard } from '../../../ui/room-card.tsx';
import { useLiveMatch } from '../use-live-match.ts';

type LiveRoom = components['schemas']['LiveRoom'];
type LiveMatchBrief = components['schemas']['LiveMatchBrief'];

/** The match of a room as the card shows it: names in the site's language, no score before the start. */
function cardMatch(match: LiveMatchBrief, locale: string, t: ReturnType<typeof useMessage>) {
  const played = match.status !== 'not_started';
  return {
    home: {
      name: localName({ zh: match.home_team_name_zh, en: match.home_team_name_en }, locale),
      logo: match.home_team_logo,
      score: played ? match.home_score : undefined,
    },
    away: {
      name: localName({ zh: match.away_team_name_zh, en: match.away_team_name_en }, locale),
      logo: match.away_team_logo,
      score: played ? match.away_score : undefined,
    },
    middle: match.match_str === undefined ? undefined : matchClockText(match.match_str, t),
  };
}

/**
 * A live room of the contract as a card that opens `/live?id=` (the home page and the streamer list); its match's
 * score follows the site socket's pushes for the sport the page asked for.
 */
export function LiveRoomCard({ room, priority = false, headingLevel }: { room: LiveRoom; priority?: boolean; headingLevel?: 2 | 3 }) {
  const t = useMessage();
  const { locale } = useIntl();
  const match = useLiveMatch(room.match);
  return (
    <RoomCard
      title={room.title}
      href={link('live', { id: room.id })}
      cover={room.cover}
      priority={priority}
      status={room.status}
      statusLabel={t(statusMessages[room.status])}
      viewersLabel={t('home.viewers', { count: room.viewers })}
      anchorName={room.anchor.user_nickname}
      anchorAvatar={room.anchor.avatar}
      categoryLabel={localName({ zh: room.category.name, en: room.category.name_en }, locale)}
      match={match && cardMatch(match, locale, t)}
      headingLevel={headingLevel}
    />
  );
}
