import { useMessage } from '../i18n/use-message.ts';
import { Button } from '../ui/button.tsx';
import { EmptyState } from '../ui/empty-state.tsx';
import { Page } from '../ui/page.tsx';

/** Shown in place of a screen whose code could not be loaded (offline, or past the 120 s timeout). */
export function RouteError() {
  const t = useMessage();
  return (
    <Page title={t('routeError.title')}>
      <EmptyState
        title={t('routeError.body')}
        action={
          <Button variant="primary" onClick={() => window.location.reload()}>
            {t('routeError.reload')}
          </Button>
        }
      />
    </Page>
  );
}
