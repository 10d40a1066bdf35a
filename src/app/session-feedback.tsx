import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { sessionMachine } from '../machines/session-machine.ts';
import { ConfirmBox } from '../ui/confirm-box.tsx';
import { Toast } from '../ui/toast.tsx';

export interface SessionFeedbackProps {
  /** The running session machine whose toast and logged-out confirm are shown. */
  session: ActorRefFrom<typeof sessionMachine>;
}

/** What the session machine has to say about failed requests (SPEC §8). */
export function SessionFeedback({ session }: SessionFeedbackProps) {
  const intl = useIntl();
  const toast = useSelector(session, (snapshot) => snapshot.context.toast);
  const confirmOpen = useSelector(session, (snapshot) => snapshot.matches({ reloginConfirm: 'open' }));

  return (
    <>
      {toast && (
        <Toast
          tone={toast.tone}
          message={'text' in toast ? toast.text : intl.formatMessage({ id: toast.messageId })}
          onClose={() => session.send({ type: 'toast.closed' })}
          closeLabel={intl.formatMessage({ id: 'common.close' })}
        />
      )}
      <ConfirmBox
        open={confirmOpen}
        title={intl.formatMessage({ id: 'session.loggedOutTitle' })}
        message={intl.formatMessage({ id: 'session.loggedOut' })}
        confirmLabel={intl.formatMessage({ id: 'session.relogin' })}
        cancelLabel={intl.formatMessage({ id: 'common.cancel' })}
        onConfirm={() => session.send({ type: 'relogin.confirmed' })}
        onCancel={() => session.send({ type: 'relogin.cancelled' })}
      />
    </>
  );
}
