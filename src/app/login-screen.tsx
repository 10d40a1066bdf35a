import { useNavigate } from 'react-router-dom';
import { useMessage } from '../i18n/use-message.ts';
import { link } from '../routes.ts';
import { HomePage } from './home-page.tsx';
import { LoginDialog } from './login-dialog.tsx';

/**
 * /login (SPEC §2): the home page with the login dialog open over it (SPEC §4: the dialog is opened by
 * a flag, here raised by the address). Closing it lowers the flag by going to /main.
 */
export function LoginScreen() {
  const t = useMessage();
  const navigate = useNavigate();
  return (
    <>
      <HomePage title={t('route.main')} />
      <LoginDialog open onClose={() => void navigate(link('main'), { replace: true })} />
    </>
  );
}
