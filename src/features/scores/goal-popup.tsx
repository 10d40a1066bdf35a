import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { fromCallback } from 'xstate';
import { localName } from '../../i18n/locale.ts';
import { matchClockText } from '../../i18n/match-clock.ts';
import { useMessage } from '../../i18n/use-message.ts';
import { goalPopupQueueMachine, type GoalEvent } from '../../machines/goal-popup-queue-machine.ts';
import { useSocketEvent } from '../../realtime/score-socket.tsx';
import { link } from '../../routes.ts';
import { readGoalPopupSettings } from './score-settings.ts';
import styles from './goal-popup.module.css';

export interface GoalPopupProps {
  /** The goal or card shown. */
  goal: GoalEvent;
  /** How many more wait behind it. */
  waiting: number;
  /** Closes this one; the next one, if any, shows. */
  onClose: () => void;
}

/** SPEC §3 goal event: league, minute, the two teams with the scorer's side marked, and the score after it. */
export function GoalPopup({ goal, waiting, onClose }: GoalPopupProps) {
  const t = useMessage();
  const { locale } = useIntl();
  const kind = t(goal.kind === 'goal' ? 'scores.goal' : goal.kind === 'red_card' ? 'scores.redCard' : 'scores.yellowCard');
  return (
    <section className={styles.popup} data-kind={goal.kind} role="status" aria-label={kind}>
      <div className={styles.header}>
        <span className={styles.kind}>{kind}</span>
        <span className={styles.meta}>
          {localName({ zh: goal.league_name, en: goal.league_name_en }, locale)} <span className={styles.minute}>{matchClockText(goal.match_str, t)}</span>
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
      {waiting > 0 && <p className={styles.waiting}>{t('scores.goalsWaiting', { count: waiting })}</p>}
    </section>
  );
}

/** A short whistle made in the browser, so the site ships no sound file; plays until stopped. */
const goalSound = fromCallback(() => {
  if (typeof AudioContext === 'undefined') return () => undefined;
  const context = new AudioContext();
  const oscillator = context.createOscillator();
  const gain = context.createGain();
  oscillator.frequency.value = 880;
  gain.gain.value = 0.05;
  oscillator.connect(gain).connect(context.destination);
  oscillator.start();
  return () => {
    oscillator.stop();
    void context.close();
  };
});

/** The goal pop-ups of the whole site: fed by the score socket, one shown at a time (SPEC §4). */
export function GoalPopupHost() {
  const queue = useActorRef(goalPopupQueueMachine.provide({ actors: { goalSound } }), {
    input: { settings: readGoalPopupSettings() },
  });
  const shown = useSelector(queue, (snapshot) => (snapshot.hasTag('popup') ? snapshot.context.queue[0] : undefined));
  const waiting = useSelector(queue, (snapshot) => Math.max(0, snapshot.context.queue.length - 1));

  useSocketEvent(
    'goal.pushed',
    useCallback((event) => queue.send({ type: 'goal.received', goal: event.push.data }), [queue]),
  );

  // Settings changed in another tab (or by the settings screen) apply to the next pop-up.
  const latest = useRef(queue);
  useEffect(() => {
    latest.current = queue;
    const onStorage = () => latest.current.send({ type: 'settings.changed', settings: readGoalPopupSettings() });
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [queue]);

  if (!shown) return null;
  return (
    <div className={styles.host}>
      <GoalPopup goal={shown} waiting={waiting} onClose={() => queue.send({ type: 'goal.dismissed' })} />
    </div>
  );
}
