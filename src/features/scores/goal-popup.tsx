import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect } from 'react';
import { useIntl } from 'react-intl';
import { useLocation } from 'react-router-dom';
import { fromCallback } from 'xstate';
import { useFollowedMatchIds } from '../../api/queries/scores.ts';
import { localName } from '../../i18n/locale.ts';
import { matchClockText } from '../../i18n/match-clock.ts';
import { useMessage } from '../../i18n/use-message.ts';
import { goalPopupQueueMachine, heldCount, shownPopup, waitingCount, type GoalEvent } from '../../machines/goal-popup-queue-machine.ts';
import { useSocketEvent } from '../../realtime/site-socket.tsx';
import { readStoredToken } from '../../realtime/stored-user.ts';
import { link, quietsGoalPopups, routeNameOf } from '../../routes.ts';
import { CountBadge } from '../../ui/count-badge.tsx';
import { startGoalSound } from './goal-sound.ts';
import { useGoalPopupSettings } from './score-settings.ts';
import styles from './goal-popup.module.css';

export interface GoalPopupProps {
  /** The goal or card shown. */
  goal: GoalEvent;
  /** How many more wait behind it. */
  waiting: number;
  /** Closes this one; the next one, if any, shows. */
  onClose: () => void;
  /** Mutes this pop-up's league; absent hides the button. */
  onMuteLeague?: () => void;
}

/** SPEC §3 goal event: league, minute, the two teams with the scorer's side marked, and the score after it. */
export function GoalPopup({ goal, waiting, onClose, onMuteLeague }: GoalPopupProps) {
  const t = useMessage();
  const { locale } = useIntl();
  const kind = t(goal.kind === 'goal' ? 'scores.goal' : goal.kind === 'red_card' ? 'scores.redCard' : 'scores.yellowCard');
  const league = localName({ zh: goal.league_name, en: goal.league_name_en }, locale);
  return (
    <section className={styles.popup} data-kind={goal.kind} role="status" aria-label={kind}>
      <div className={styles.header}>
        <span className={styles.kind}>{kind}</span>
        {waiting > 0 && (
          <span data-testid="goal-counter">
            <CountBadge count={waiting} prefix="+" tone="accent" />
            <span className="ps-visually-hidden">{t('scores.goalsWaiting', { count: waiting })}</span>
          </span>
        )}
        <span className={styles.meta}>
          {league} <span className={styles.minute}>{matchClockText(goal.match_str, t)}</span>
        </span>
        <button type="button" className={styles.close} onClick={onClose} aria-label={t('scores.closeGoal')}>
          ×
        </button>
      </div>
      <a className={styles.line} href={link('scoreDetail', { id: goal.match_id })}>
        <span className={goal.iszhu === 1 ? styles.scorer : styles.team}>{localName({ zh: goal.home_team_name_zh, en: goal.home_team_name_en }, locale)}</span>
        <span className={styles.score} data-testid="goal-score">
          {goal.home_score} - {goal.away_score}
        </span>
        <span className={goal.iszhu === 0 ? styles.scorer : styles.team}>{localName({ zh: goal.away_team_name_zh, en: goal.away_team_name_en }, locale)}</span>
      </a>
      {onMuteLeague && (
        <button type="button" className={styles.mute} onClick={onMuteLeague}>
          {t('gameSettings.muteLeague', { league })}
        </button>
      )}
    </section>
  );
}

const goalSound = fromCallback(() => startGoalSound());

export interface GoalPopupStackProps {
  /** Hands over the goals that came while this stack's code loaded, and from then on leaves the goals to it. */
  takeArrivedGoals: () => readonly GoalEvent[];
}

export interface HeldGoalsProps {
  /** How many pop-ups wait. */
  count: number;
  /** Shows them. */
  onOpen: () => void;
}

/** On a quiet page, the pop-ups waiting: one small button in the corner instead of the stack. */
export function HeldGoals({ count, onOpen }: HeldGoalsProps) {
  const t = useMessage();
  return (
    <button type="button" className={styles.held} onClick={onOpen} aria-label={t('scores.heldGoals', { count })}>
      <span aria-hidden="true">⚽</span>
      <CountBadge count={count} tone="accent" />
    </button>
  );
}

/**
 * The goal pop-ups of the whole site, fed by the site socket: one shown at a time (SPEC §4) on a
 * stack of those waiting, with their count; each closes after a while unless the pointer is on it.
 * By default only the matches the user follows pop up (starred, or a followed team's). The stack
 * sits bottom-left on wide screens (the odds columns are on the right) and across the bottom on
 * phones, and a spacer after the footer lets the page scroll out from under it; on chat and form
 * pages it waits as a small button instead.
 */
export function GoalPopupStack({ takeArrivedGoals }: GoalPopupStackProps) {
  const [settings, setSettings] = useGoalPopupSettings();
  const followedMatchIds = useFollowedMatchIds(readStoredToken() !== null);
  const quiet = quietsGoalPopups(routeNameOf(useLocation().pathname));
  const queue = useActorRef(goalPopupQueueMachine.provide({ actors: { goalSound } }), { input: { settings, followedMatchIds, quiet } });
  const shown = useSelector(queue, shownPopup);
  const waiting = useSelector(queue, waitingCount);
  const held = useSelector(queue, heldCount);
  const t = useMessage();

  useSocketEvent(
    'goal.pushed',
    useCallback((event) => queue.send({ type: 'goal.received', goal: event.push.data }), [queue]),
  );
  // Runs in the same commit as the socket subscription above, so no goal falls between the two.
  useEffect(() => {
    for (const goal of takeArrivedGoals()) queue.send({ type: 'goal.received', goal });
  }, [queue, takeArrivedGoals]);
  // Settings changed here or in another tab apply at once: a muted league's pop-ups leave the stack.
  useEffect(() => queue.send({ type: 'settings.changed', settings }), [queue, settings]);
  useEffect(() => queue.send({ type: 'follows.changed', matchIds: followedMatchIds }), [queue, followedMatchIds]);
  useEffect(() => queue.send({ type: quiet ? 'page.quieted' : 'page.opened' }), [queue, quiet]);

  if (held > 0) return <HeldGoals count={held} onOpen={() => queue.send({ type: 'held.opened' })} />;
  if (!shown) return null;
  return (
    <>
      <div className={styles.spacer} aria-hidden="true" />
      <div
        className={styles.host}
        role="region"
        aria-label={t('gameSettings.stackLabel')}
        data-stacked={waiting > 0 ? 'true' : undefined}
        onPointerEnter={() => queue.send({ type: 'stack.hovered' })}
        onPointerLeave={() => queue.send({ type: 'stack.left' })}
        onFocus={() => queue.send({ type: 'stack.hovered' })}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget)) queue.send({ type: 'stack.left' });
        }}
      >
        <GoalPopup
          goal={shown}
          waiting={waiting}
          onClose={() => queue.send({ type: 'goal.dismissed' })}
          onMuteLeague={() => setSettings({ ...settings, mutedLeagues: [...settings.mutedLeagues, shown.league_name] })}
        />
      </div>
    </>
  );
}
