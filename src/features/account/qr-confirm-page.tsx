import { useCallback, useState } from 'react';
import { useConfirmLoginQrcode, useMemberInfo, useScanLoginQrcode } from '../../api/queries/account.ts';
import { readStoredToken, useStoredUser, writeStoredSession } from '../../realtime/stored-user.ts';
import { useMessage } from '../../i18n/use-message.ts';
import type { LoginSession } from '../../machines/login-machine.ts';
import { Button } from '../../ui/button.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { Page } from '../../ui/page.tsx';
import { LoginDialog } from './login-dialog.tsx';
import { QrLoginRequest } from './qr-login-request.tsx';
import styles from './account-pages.module.css';

export interface QrConfirmPageProps {
  /** The route's title, translated. */
  title: string;
  /** The code of the QR (`/qr-confirm?code=`). */
  code: string | undefined;
}

/**
 * The page a login QR code holds: a logged-in user confirms the login of the website that
 * shows the code; opening it tells that page the code was scanned, and shows which device asked for the
 * code, from where and when, so the user confirms only their own browser.
 */
/** A login QR's code as the contract writes it (LoginQrCodeInput): anything else was never one, and is not sent. */
const qrCodeShape = /^[A-Za-z0-9_-]{16,64}$/;

export function QrConfirmPage({ title, code }: QrConfirmPageProps) {
  const t = useMessage();
  const [loginOpen, setLoginOpen] = useState(false);
  const loggedIn = readStoredToken() !== null;
  const onLoggedIn = useCallback((session: LoginSession) => {
    writeStoredSession(session);
    window.location.reload();
  }, []);

  if (!code || !qrCodeShape.test(code)) {
    return (
      <Page title={title}>
        <EmptyState icon="alert" title={t('qrConfirm.noCode')} />
      </Page>
    );
  }
  return (
    <Page title={title}>
      {loggedIn ? (
        <ConfirmPanel code={code} />
      ) : (
        <div className={styles.centre}>
          <p role="status">{t('qrConfirm.loginFirst')}</p>
          <Button variant="primary" onClick={() => setLoginOpen(true)}>
            {t('login.submitLogin')}
          </Button>
          <LoginDialog open={loginOpen} onClose={() => setLoginOpen(false)} onLoggedIn={onLoggedIn} />
        </div>
      )}
    </Page>
  );
}

function ConfirmPanel({ code }: { code: string }) {
  const t = useMessage();
  // Opening the page is the scan: the showing page gets scanCode_Login.
  const scan = useScanLoginQrcode(code);
  const me = useMemberInfo(useStoredUser()?.id ?? null);
  const confirm = useConfirmLoginQrcode(code);

  if (scan.isPending) return <EmptyState title={t('common.loading')} busy />;
  if (scan.isError) return <EmptyState icon="alert" title={scan.error.message === 'network error' ? t('error.generic') : scan.error.message.replace(/^code \d+: /, '')} />;
  if (confirm.isSuccess) {
    return (
      <div className={styles.centre} role="status">
        <span className={styles.bigCheck} aria-hidden="true">
          ✓
        </span>
        <p>{t('qrConfirm.done')}</p>
      </div>
    );
  }
  return (
    <div className={styles.centre}>
      <h2 className={styles.prompt}>{t('qrConfirm.prompt')}</h2>
      {me.data && <p className={styles.muted}>{t('qrConfirm.as', { name: me.data.user_nickname })}</p>}
      <QrLoginRequest requestedBy={scan.data.requested_by} />
      <Button variant="primary" disabled={confirm.isPending} onClick={() => confirm.mutate()}>
        {t('qrConfirm.confirm')}
      </Button>
    </div>
  );
}
