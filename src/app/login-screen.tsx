import { useMessage } from '../i18n/use-message.ts';
import { HomePage } from './home-page.tsx';

/**
 * /login (SPEC §2): the home page, under the login dialog that the shell opens for this address
 * (app-layout.tsx; SPEC §4: the dialog is opened by a flag, here raised by the address). It comes
 * with the shell: a chunk of its own would share the home page with the shell and split the first load.
 */
export function LoginScreen() {
  const t = useMessage();
  return <HomePage title={t('route.main')} />;
}
