import { useCallback } from 'react';
import { LoginDialog } from '../features/account/login-dialog.tsx';
import { useMessaging } from '../realtime/messaging-context.tsx';
import type { LoginSession } from '../machines/login-machine.ts';
import { notifyStoredUserChanged, writeStoredSession } from '../realtime/stored-user.ts';

export interface LoginDialogHostProps {
  /** The login dialog flag (SPEC §4: the dialog is opened by a flag). */
  open: boolean;
  /** Lowers the flag. */
  onClose: () => void;
}

/** Hosts the account area's login dialog in the shell and saves the session it yields, as SPEC §4 says. */
export function LoginDialogHost({ open, onClose }: LoginDialogHostProps) {
  const messaging = useMessaging();
  const onLoggedIn = useCallback(
    (session: LoginSession, via: 'qr' | 'phone') => {
      writeStoredSession(session);
      notifyStoredUserChanged();
      // SPEC §8: a failed messaging login is only logged.
      void messaging.login(String(session.id), session.userSig).catch((error: unknown) => console.warn(error));
      // SPEC §4: a QR login reloads the page.
      if (via === 'qr') window.location.reload();
    },
    [messaging],
  );
  return <LoginDialog open={open} onClose={onClose} onLoggedIn={onLoggedIn} />;
}
