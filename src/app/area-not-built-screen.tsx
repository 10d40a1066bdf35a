import { useIntl } from 'react-intl';
import { EmptyState } from '../ui/empty-state.tsx';
import { Page } from '../ui/page.tsx';

/** Every route of an area whose screens are not built yet: the route's title and an honest 'No data'. */
export function AreaNotBuiltScreen({ title }: { title: string }) {
  const intl = useIntl();
  return (
    <Page title={title}>
      <EmptyState
        title={intl.formatMessage({ id: 'common.noData' })}
        description={intl.formatMessage({ id: 'common.notBuilt' })}
      />
    </Page>
  );
}
