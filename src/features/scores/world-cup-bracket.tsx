import { useIntl } from 'react-intl';
import type { components } from '../../api/schema';
import { useMessage } from '../../i18n/use-message.ts';
import { link } from '../../routes.ts';
import { Image } from '../../ui/image.tsx';
import { teamName, type Match } from './match-display.ts';
import styles from './world-cup-bracket.module.css';

type Round = components['schemas']['WorldCupRound'];

export interface WorldCupBracketProps {
  /** The knockout rounds of Football/world_cup, round of 32 to the final, each in bracket order. */
  rounds: Round[];
}

const roundMessages = {
  round_of_32: 'scores.round.round_of_32',
  round_of_16: 'scores.round.round_of_16',
  quarter_final: 'scores.round.quarter_final',
  semi_final: 'scores.round.semi_final',
  third_place: 'scores.round.third_place',
  final: 'scores.round.final',
} as const satisfies Record<Round['key'], string>;

function Side({ match, side }: { match: Match; side: 'home' | 'away' }) {
  const { locale } = useIntl();
  const team = side === 'home' ? match.home_team : match.away_team;
  const mine = side === 'home' ? match.home_score : match.away_score;
  const theirs = side === 'home' ? match.away_score : match.home_score;
  const won = match.status === 'over' && mine > theirs;
  return (
    <span className={won ? [styles.side, styles.winner].join(' ') : styles.side}>
      <Image src={team.logo} alt="" width={18} height={18} fit="contain" shape="circle" />
      <span className={styles.name}>{teamName(team, locale)}</span>
      <span className={styles.score}>{match.status === 'not_started' ? '' : mine}</span>
    </span>
  );
}

function Tie({ match }: { match: Match }) {
  return (
    <li className={styles.tie}>
      <a className={styles.card} href={link('scoreDetail', { id: match.id })}>
        <Side match={match} side="home" />
        <Side match={match} side="away" />
      </a>
    </li>
  );
}

/** A World Cup's knockout bracket (/trophy/home): a column per round, each tie level with the two it comes from. */
export function WorldCupBracket({ rounds }: WorldCupBracketProps) {
  const t = useMessage();
  const main = rounds.filter((round) => round.key !== 'third_place');
  const third = rounds.find((round) => round.key === 'third_place');
  return (
    <div className={styles.scroller}>
      <div className={styles.bracket} style={{ gridTemplateColumns: `repeat(${String(main.length)}, minmax(150px, 1fr))` }}>
        {main.map((round) => (
          <section key={round.key} className={styles.round} aria-label={t(roundMessages[round.key])}>
            <h3 className={styles.roundName}>{t(roundMessages[round.key])}</h3>
            <ol className={styles.ties}>
              {round.matches.map((match) => (
                <Tie key={match.id} match={match} />
              ))}
            </ol>
            {round.key === 'final' && third && (
              <section className={styles.third} aria-label={t(roundMessages.third_place)}>
                <h3 className={styles.roundName}>{t(roundMessages.third_place)}</h3>
                <ol className={styles.ties}>
                  {third.matches.map((match) => (
                    <Tie key={match.id} match={match} />
                  ))}
                </ol>
              </section>
            )}
          </section>
        ))}
      </div>
    </div>
  );
}
