import { FittedName } from './fitted-name.tsx';
import { Image } from './image.tsx';
import styles from './match-line.module.css';

/** One side of a match. */
export interface MatchSide {
  /** The team's name. */
  name: string;
  /** A shorter name, shown instead where the full one does not fit (a phone's width). */
  short?: string;
  /** The team's crest image; empty shows a neutral crest. */
  logo: string;
  /** Goals or points; absent before the start. */
  score?: number;
}

export interface MatchLineProps {
  /** The home team (left). */
  home: MatchSide;
  /** The away team (right). */
  away: MatchSide;
  /** What stands between the scores before the start ('VS') or the minute while playing ("67'"). */
  middle?: string;
  /** `compact` fits inside a card, `large` heads a match page. */
  size?: 'compact' | 'large';
}

/** Two crests, two names and the score, readable at a glance: home left, away right. */
export function MatchLine({ home, away, middle, size = 'compact' }: MatchLineProps) {
  const crest = size === 'large' ? 48 : 24;
  const played = home.score !== undefined && away.score !== undefined;
  return (
    <div className={[styles.line, styles[size]].join(' ')}>
      <span className={[styles.team, styles.home].join(' ')}>
        <TeamName side={home} />
        <Image src={home.logo} alt="" width={crest} height={crest} fit="contain" shape="circle" />
      </span>
      <span className={styles.score}>
        {played ? (
          <>
            <span>{home.score}</span>
            <span className={styles.separator} aria-hidden="true">
              -
            </span>
            <span>{away.score}</span>
          </>
        ) : (
          <span className={styles.middle}>{middle ?? 'VS'}</span>
        )}
        {played && middle && <span className={styles.minute}>{middle}</span>}
      </span>
      <span className={[styles.team, styles.away].join(' ')}>
        <Image src={away.logo} alt="" width={crest} height={crest} fit="contain" shape="circle" />
        <TeamName side={away} />
      </span>
    </div>
  );
}

function TeamName({ side }: { side: MatchSide }) {
  return <FittedName full={side.name} short={side.short ?? side.name} className={styles.name} />;
}
