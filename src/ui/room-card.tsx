import { Avatar } from './avatar.tsx';
import { Card } from './card.tsx';
import { Icon } from './icon.tsx';
import { Image } from './image.tsx';
import { MatchLine, type MatchSide } from './match-line.tsx';
import { StatusBadge } from './status-badge.tsx';
import styles from './room-card.module.css';

/** The match a room broadcasts, as its card shows it. */
export interface RoomCardMatch {
  /** The home team, with its score once the match has begun. */
  home: MatchSide;
  /** The away team, with its score once the match has begun. */
  away: MatchSide;
  /** The minute or period while playing ("67'"); absent shows 'VS' before the start. */
  middle?: string;
}

export interface RoomCardProps {
  /** The room's title: the card's heading and link. */
  title: string;
  /** Where the card leads: the room's page. */
  href: string;
  /** The 16:9 cover image; empty shows a neutral picture. */
  cover: string;
  /** The cover is seen before scrolling: loaded at once, first. */
  priority?: boolean;
  /** Whether the room is on air, scheduled or over: picks the badge's colour. */
  status: 'in_progress' | 'not_started' | 'over';
  /** The status in words, translated ('直播中'). */
  statusLabel: string;
  /** Viewers online now, in words ('1,204 watching'). */
  viewersLabel: string;
  /** The anchor's nickname. */
  anchorName: string;
  /** The anchor's avatar; empty shows the first letter. */
  anchorAvatar: string;
  /** The room's category, translated; absent shows none. */
  categoryLabel?: string;
  /** The match the room shows, with its live score; absent when the room shows none. */
  match?: RoomCardMatch;
  /** The heading level in the page's outline; defaults to 3. */
  headingLevel?: 2 | 3 | 4;
}

/** A live room in a grid: cover with status and viewers, title, anchor, category and the match it shows. */
export function RoomCard({
  title,
  href,
  cover,
  priority = false,
  status,
  statusLabel,
  viewersLabel,
  anchorName,
  anchorAvatar,
  categoryLabel,
  match,
  headingLevel,
}: RoomCardProps) {
  return (
    <Card
      title={<span data-user-content>{title}</span>}
      href={href}
      headingLevel={headingLevel}
      media={
        <div className={styles.cover}>
          <Image src={cover} alt="" priority={priority} />
          <span className={styles.status}>
            <StatusBadge status={status} label={statusLabel} />
          </span>
          <span className={styles.viewers}>
            <Icon name="eye" size={14} />
            <span>{viewersLabel}</span>
          </span>
        </div>
      }
    >
      <span className={styles.anchor}>
        <Avatar src={anchorAvatar} name={anchorName} size={24} />
        <span className={styles.anchorName} data-user-content>
          {anchorName}
        </span>
      </span>
      {categoryLabel && <span className={styles.category}>{categoryLabel}</span>}
      {match && (
        <div className={styles.match}>
          <MatchLine home={match.home} away={match.away} middle={match.middle} />
        </div>
      )}
    </Card>
  );
}
