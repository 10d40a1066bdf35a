import { useMessage } from '../i18n/use-message.ts';
import { EmptyState } from '../ui/empty-state.tsx';
import { Page } from '../ui/page.tsx';

/** /dome, /demo and /new_file: the test pages of SPEC §2, which show nothing to visitors. */
export function TestPage({ title }: { title: string }) {
  const t = useMessage();
  return (
    <Page title={title}>
      <EmptyState title={t('common.noData')} />
    </Page>
  );
}
