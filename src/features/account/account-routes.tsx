import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useLocation } from 'react-router-dom';
import { EmptyState } from '../../ui/empty-state.tsx';
import { Page } from '../../ui/page.tsx';
import { MemberPage } from './member-page.tsx';
import { PersonaPage } from './persona-page.tsx';
import { QrConfirmPage } from './qr-confirm-page.tsx';

export interface AccountScreenProps {
  /** The route's title, translated; the shell knows which route is shown. */
  title: string;
  /** The tasks area's sign-in and task centre, which the app hands to the personal centre. */
  tasks?: ReactNode;
}

/** The account area's routes: /member (19 profile, 18 space), /persona, /qr-confirm; the rest say 'No data'. */
export function AccountScreen({ title, tasks }: AccountScreenProps) {
  const intl = useIntl();
  const { pathname, search } = useLocation();
  const query = new URLSearchParams(search);
  if (pathname === '/member') {
    const type = Number(query.get('type') ?? 19);
    if (type === 19 || type === 18) return <MemberPage title={title} type={type} tasks={tasks} />;
  }
  if (pathname === '/persona') return <PersonaPage title={title} />;
  if (pathname === '/qr-confirm') return <QrConfirmPage title={title} code={query.get('code') ?? undefined} />;
  return (
    <Page title={title}>
      <EmptyState
        title={intl.formatMessage({ id: 'common.noData' })}
        description={intl.formatMessage({ id: 'common.notBuilt' })}
      />
    </Page>
  );
}
