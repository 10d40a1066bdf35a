import { useIntl } from 'react-intl';
import { EmptyState } from '../../ui/empty-state.tsx';
import { Page } from '../../ui/page.tsx';

export interface ExpertScreenProps {
  /** The route's title, translated; the shell knows which route is shown. */
  title: string;
}

/** Every route of the expert area until its screens are built: the route's title and an honest 'No data'. */
export function ExpertScreen({ title }: ExpertScreenProps) {
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
