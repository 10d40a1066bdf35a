import type { ComponentType, ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { AltchaCheck } from './altcha-check.tsx';
import { useRouteQuery, type Screen, type WalletSection } from '../../routes.ts';
import { EmptyState } from '../../ui/empty-state.tsx';
import { Page } from '../../ui/page.tsx';
import { MemberPage } from './member-page.tsx';
import { PersonaPage } from './persona-page.tsx';
import { QrConfirmPage } from './qr-confirm-page.tsx';

// The account area's screens, one per route of the table in src/routes.ts, which names each. One
// module, so the area is one chunk however many of its routes are visited.

/**
 * /member: the personal centre (type 19), the space (18), the wallet (1), applying to stream (7) and the
 * anchor's console (9); the other sections say 'No data' until they are built. The table hands in the other
 * areas' sections: `Tasks` (the tasks area's sign-in and task centre), `Wallet`, `ApplyAnchor` (the anchor
 * area's application), `AnchorConsole` (the live area's) and `Mall` (the tasks area's exchange mall, a
 * section of the wallet).
 */
export function memberScreen(
  Tasks: ComponentType,
  Wallet: ComponentType<{ recharge: boolean; section?: WalletSection; mall: ReactNode; HumanCheck: typeof AltchaCheck }>,
  ApplyAnchor: ComponentType,
  AnchorConsole: ComponentType,
  Mall: ComponentType,
): Screen {
  return function MemberScreen({ title }) {
    const intl = useIntl();
    const { type, isRecharge, section } = useRouteQuery('member');
    if (type === 19 || type === 18) return <MemberPage title={title} type={type} tasks={<Tasks />} />;
    // Type 1, the wallet (SPEC §2): isRecharge opens top-up. The SMS code of the payment password
    // needs this area's human check, handed to the wallet.
    if (type === 1) {
      return <MemberPage title={title} type={type} wallet={<Wallet recharge={isRecharge} section={section} mall={<Mall />} HumanCheck={AltchaCheck} />} />;
    }
    // Type 7, applying to stream (SPEC §2, §6): the anchor area's form.
    if (type === 7) return <MemberPage title={title} type={type} apply={<ApplyAnchor />} />;
    // Type 9, the anchor's console (the live area's), for anchors.
    if (type === 9) return <MemberPage title={title} type={type} anchorConsole={<AnchorConsole />} />;
    return (
      <Page title={title}>
        <EmptyState
          title={intl.formatMessage({ id: 'common.noData' })}
          description={intl.formatMessage({ id: 'common.notBuilt' })}
        />
      </Page>
    );
  };
}

export const PersonaScreen: Screen = PersonaPage;

/** /qr-confirm?code=: the phone's side of QR login. */
export function QrConfirmScreen({ title }: { title: string }) {
  const { code } = useRouteQuery('qrConfirm');
  return <QrConfirmPage title={title} code={code} />;
}
