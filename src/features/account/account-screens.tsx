import { useRouteQuery, type Screen } from '../../routes.ts';
import { PersonaPage } from './persona-page.tsx';
import { QrConfirmPage } from './qr-confirm-page.tsx';

// The account area's screens, one per route of the table in src/routes.ts, which names each. One
// module, so the area is one chunk however many of its routes are visited.

export const PersonaScreen: Screen = PersonaPage;

/** /qr-confirm?code=: the phone's side of QR login. */
export function QrConfirmScreen({ title }: { title: string }) {
  const { code } = useRouteQuery('qrConfirm');
  return <QrConfirmPage title={title} code={code} />;
}
