import { useMessage } from '../i18n/use-message.ts';
import { Dialog } from '../ui/dialog.tsx';
import { EmptyState } from '../ui/empty-state.tsx';

export interface LoginDialogProps {
  /** The login dialog flag (SPEC §4: the dialog is opened by a flag). */
  open: boolean;
  /** Lowers the flag. */
  onClose: () => void;
}

// SPEC §2: the login dialog is 500 px wide.
const loginDialogWidth = 500;

/** Where the login dialog of SPEC §2 opens; until the account area builds it, it says so honestly. */
export function LoginDialog({ open, onClose }: LoginDialogProps) {
  const t = useMessage();
  return (
    <Dialog open={open} title={t('route.login')} onClose={onClose} closeLabel={t('common.close')} width={loginDialogWidth}>
      <EmptyState icon="user" title={t('login.notBuilt')} description={t('common.notBuilt')} />
    </Dialog>
  );
}
