import { useCallback, useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import type { components } from '../../../api/schema.d.ts';
import { localName } from '../../../i18n/locale.ts';
import { useMessage } from '../../../i18n/use-message.ts';
import { RoomEntryBanner, type ShownRoomEntry } from '../../../ui/room-entry-banner.tsx';

type RoomEntry = components['schemas']['ImRoomEntry'];

/** How long an entry's banner stays; the server tells each member's entry at most once a minute. */
export const roomEntryShownMs = 4_000;

/**
 * The room's entry effects: a guard of the anchor or a noble coming in slides a banner over
 * the picture. A newer entry takes the place of the one shown: entries are short and each member's are few.
 */
export function useRoomEntryEffects() {
  const t = useMessage();
  const { locale } = useIntl();
  const [shown, setShown] = useState<{ entry: RoomEntry; at: number } | null>(null);
  const onEntry = useCallback((entry: RoomEntry) => setShown((last) => ({ entry, at: (last?.at ?? 0) + 1 })), []);

  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(() => setShown(null), roomEntryShownMs);
    return () => clearTimeout(timer);
  }, [shown]);

  const banner: ShownRoomEntry | null = shown
    ? {
        key: `${String(shown.entry.user.id)}:${String(shown.at)}`,
        icon: shown.entry.tier.icon,
        kind: shown.entry.tier.kind,
        line: t('live.entryWelcome', {
          tier: localName({ zh: shown.entry.tier.name, en: shown.entry.tier.name_en }, locale),
          nick: shown.entry.user.user_nickname,
        }),
      }
    : null;
  return { onEntry, overlay: <RoomEntryBanner entry={banner} /> };
}
