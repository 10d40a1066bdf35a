import type { components } from '../../api/schema.d.ts';
import styles from './lineup-pitch.module.css';

type MatchLineups = components['schemas']['MatchLineups'];
type TeamLineup = components['schemas']['TeamLineup'];
type LineupPlayer = components['schemas']['LineupPlayer'];
type LineupEvent = components['schemas']['LineupPlayerEvent'];

export interface LineupTexts {
  lineups: string;
  substitutes: string;
  coach: string;
  starters: string;
  points: string;
  player: string;
  shirt: string;
  /** What a player's event is called, for screen readers and titles. */
  event: (kind: LineupEvent['kind'], minute: number) => string;
}

export interface LineupPitchProps {
  lineups: MatchLineups;
  /** The teams' names, home first. */
  teams: readonly [string, string];
  /** A player's name in the page's language. */
  nameOf: (zh: string, en: string) => string;
  texts: LineupTexts;
}

const eventIcons: Record<LineupEvent['kind'], string> = {
  goal: '⚽',
  penalty_goal: '⚽',
  own_goal: '⚽',
  yellow_card: '',
  red_card: '',
  second_yellow: '',
  sub_out: '↓',
  sub_in: '↑',
};

function Events({ events, texts }: { events: readonly LineupEvent[]; texts: LineupTexts }) {
  if (events.length === 0) return null;
  return (
    <span className={styles.events}>
      {events.map((event, index) => (
        <span key={index} className={styles.event} data-kind={event.kind} title={texts.event(event.kind, event.minute)}>
          <span aria-hidden="true">{eventIcons[event.kind]}</span>
          <span className="ps-visually-hidden">{texts.event(event.kind, event.minute)}</span>
        </span>
      ))}
    </span>
  );
}

/** One team's half of the pitch: the goalkeeper at its own goal line, each line further up. */
function Half({ team, side, nameOf, texts }: { team: TeamLineup; side: 'home' | 'away'; nameOf: LineupPitchProps['nameOf']; texts: LineupTexts }) {
  const lines: LineupPlayer[][] = [];
  for (const player of team.starters) (lines[player.line] ??= []).push(player);
  const depth = lines.length;
  return (
    <>
      {lines.map((players, lineIndex) =>
        players.map((player, index) => {
          // Home plays upwards from the bottom, away downwards from the top; each line spread across.
          const along = 6 + (lineIndex * 36) / Math.max(1, depth - 1);
          const top = side === 'home' ? 100 - along : along;
          const leftPercent = ((index + 1) * 100) / (players.length + 1);
          return (
            <li
              key={player.name}
              className={styles.spot}
              data-side={side}
              style={{ top: `${String(top)}%`, left: `${String(side === 'home' ? leftPercent : 100 - leftPercent)}%` }}
            >
              <span className={styles.shirt} data-side={side} data-off={player.events.some((event) => event.kind === 'sub_out') || undefined}>
                {player.shirt}
              </span>
              <span className={styles.spotName}>{nameOf(player.name, player.name_en)}</span>
              <Events events={player.events} texts={texts} />
            </li>
          );
        }),
      )}
    </>
  );
}

function Bench({ team, title, nameOf, texts, points }: { team: TeamLineup; title: string; nameOf: LineupPitchProps['nameOf']; texts: LineupTexts; points: boolean }) {
  return (
    <section className={styles.bench} aria-label={title}>
      <h3 className={styles.benchTitle}>{title}</h3>
      <ul className={styles.benchList}>
        {team.substitutes.map((player) => (
          <li key={player.name} className={styles.benchPlayer} data-in={player.events.some((event) => event.kind === 'sub_in') || undefined}>
            <span className={styles.benchShirt}>{player.shirt}</span>
            <span className={styles.benchName}>{nameOf(player.name, player.name_en)}</span>
            {points && <span className={styles.points}>{player.points ?? 0}</span>}
            <Events events={player.events} texts={texts} />
          </li>
        ))}
      </ul>
      <p className={styles.coach}>
        {texts.coach}: {nameOf(team.coach, team.coach_en)}
      </p>
    </section>
  );
}

/** Basketball: one team's starting five then its bench, with points. */
function FiveTable({ team, title, nameOf, texts }: { team: TeamLineup; title: string; nameOf: LineupPitchProps['nameOf']; texts: LineupTexts }) {
  const row = (player: LineupPlayer, starter: boolean) => (
    <tr key={player.name} data-starter={starter || undefined}>
      <td className={styles.num}>{player.shirt}</td>
      <th scope="row">
        {nameOf(player.name, player.name_en)} <span className={styles.position}>{player.position}</span>
      </th>
      <td className={styles.num}>{player.points ?? 0}</td>
    </tr>
  );
  return (
    <table className={styles.fiveTable}>
      <caption>{title}</caption>
      <thead>
        <tr>
          <th scope="col">{texts.shirt}</th>
          <th scope="col">{texts.player}</th>
          <th scope="col">{texts.points}</th>
        </tr>
      </thead>
      <tbody>
        <tr>
          <th scope="rowgroup" colSpan={3} className={styles.group}>
            {texts.starters}
          </th>
        </tr>
        {team.starters.map((player) => row(player, true))}
        <tr>
          <th scope="rowgroup" colSpan={3} className={styles.group}>
            {texts.substitutes}
          </th>
        </tr>
        {team.substitutes.map((player) => row(player, false))}
        <tr>
          <td colSpan={3} className={styles.coach}>
            {texts.coach}: {nameOf(team.coach, team.coach_en)}
          </td>
        </tr>
      </tbody>
    </table>
  );
}

/**
 * Both lineups: football's formations drawn on one pitch (home from the bottom, away from the top) with shirt
 * numbers, names, goals, cards and substitutions, then each bench and coach; basketball's starting five and
 * bench with points.
 */
export function LineupPitch({ lineups, teams, nameOf, texts }: LineupPitchProps) {
  if (lineups.sport === 'basketball') {
    return (
      <div className={styles.five} data-testid="lineups">
        <FiveTable team={lineups.home} title={teams[0]} nameOf={nameOf} texts={texts} />
        <FiveTable team={lineups.away} title={teams[1]} nameOf={nameOf} texts={texts} />
      </div>
    );
  }
  return (
    <div className={styles.wrap} data-testid="lineups">
      <p className={styles.formations}>
        <span>
          {teams[1]} <b>{lineups.away.formation}</b>
        </span>
      </p>
      <div className={styles.pitch} role="group" aria-label={texts.lineups}>
        <span className={styles.halfway} aria-hidden="true" />
        <span className={styles.circle} aria-hidden="true" />
        <span className={styles.boxTop} aria-hidden="true" />
        <span className={styles.boxBottom} aria-hidden="true" />
        <ul className={styles.spots} aria-label={teams[1]}>
          <Half team={lineups.away} side="away" nameOf={nameOf} texts={texts} />
        </ul>
        <ul className={styles.spots} aria-label={teams[0]}>
          <Half team={lineups.home} side="home" nameOf={nameOf} texts={texts} />
        </ul>
      </div>
      <p className={styles.formations}>
        <span>
          {teams[0]} <b>{lineups.home.formation}</b>
        </span>
      </p>
      <div className={styles.benches}>
        <Bench team={lineups.home} title={`${teams[0]} · ${texts.substitutes}`} nameOf={nameOf} texts={texts} points={false} />
        <Bench team={lineups.away} title={`${teams[1]} · ${texts.substitutes}`} nameOf={nameOf} texts={texts} points={false} />
      </div>
    </div>
  );
}
