import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { useApi } from '../../api/api-context.tsx';
import { useSignInTask } from '../../api/queries/tasks.ts';
import { useMessage } from '../../i18n/use-message.ts';
import { signInMachine, type SignInBoard, type SignInOutcome } from '../../machines/sign-in-machine.ts';
import { Button } from '../../ui/button.tsx';
import styles from './tasks.module.css';

/** The daily sign-in of SPEC §4: the cycle's days and the button reading sign in / already signed in. */
export function SignInPanel() {
  const api = useApi();
  const t = useMessage();
  const signInTask = useSignInTask();
  const logic = useMemo(
    () =>
      signInMachine.provide({
        actors: {
          loadBoard: fromPromise<SignInBoard>(() => api.post('/api/Activity/pcSignTaskList')),
          signIn: fromPromise<SignInOutcome, { day: number }>(({ input }) => signInTask(input.day)),
        },
      }),
    [api, signInTask],
  );
  const actor = useActorRef(logic);
  const board = useSelector(actor, (state) => state.context.board);
  const credited = useSelector(actor, (state) => state.context.credited);
  const signed = useSelector(actor, (state) => state.matches({ ready: 'signed' }));
  const busy = useSelector(actor, (state) => state.hasTag('busy') || state.matches('loading'));
  const failed = useSelector(actor, (state) => state.matches('failed'));
  const days = board?.days ?? [];

  return (
    <section className={styles.panel} aria-labelledby="sign-in-heading">
      <div className={styles.header}>
        <h2 id="sign-in-heading">{t('signIn.title')}</h2>
        {board && (
          <span className={styles.coins} data-testid="coins">
            {t('signIn.coins', { coins: board.coins })}
          </span>
        )}
        {credited !== null && <span role="status">{t('signIn.credited', { coins: credited })}</span>}
        {failed ? (
          <Button onClick={() => actor.send({ type: 'signin.retry' })}>{t('error.generic')}</Button>
        ) : (
          <Button variant="primary" disabled={busy || signed} onClick={() => actor.send({ type: 'signin.click' })}>
            {signed ? t('signIn.done') : t('signIn.button')}
          </Button>
        )}
      </div>
      {days.length > 0 && (
        <ol className={styles.days}>
          {days.map((day) => (
            <li key={day.day} className={[styles.day, day.is_sign ? styles.daySigned : ''].join(' ')}>
              {t('signIn.day', { day: day.day })}
              <br />+{day.lz_num}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
