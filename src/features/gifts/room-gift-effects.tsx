import { useActorRef, useSelector } from '@xstate/react';
import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import type { GiftNames } from '../../api/queries/gifts.ts';
import { localName } from '../../i18n/locale.ts';
import { useMessage } from '../../i18n/use-message.ts';
import { giftEffectQueueMachine, shownEffect, type GiftEffect as QueuedEffect } from '../../machines/gift-effect-queue-machine.ts';
import type { RoomChatMessage } from '../../realtime/use-room-chat.ts';
import { GiftEffect, type ShownGiftEffect } from '../../ui/gift-effect.tsx';

/** The effect a gift line of the chat plays, in the viewer's language. */
function effectOf(message: RoomChatMessage, locale: string, giftNames: GiftNames | undefined): QueuedEffect | null {
  const { gift } = message;
  if (!gift) return null;
  return {
    key: `${message.from ?? message.nick}:${String(gift.gift_id)}`,
    nick: message.nick,
    giftName: giftNames?.get(gift.gift_id) ?? localName({ zh: gift.gift_name, en: gift.gift_name_en }, locale),
    icon: gift.icon,
    animationUrl: gift.animation_url,
    size: gift.effect,
    count: gift.count,
    combo: gift.combo,
  };
}

/**
 * The room's gift effects: gifts the chat hears go through the effect queue machine, and the
 * overlay plays the one it shows over the video. `giftNames` names the gifts in the page's language
 * (a gift's notice carries Chinese and English only).
 */
export function useRoomGiftEffects(giftNames?: GiftNames) {
  const t = useMessage();
  const { locale } = useIntl();
  const actor = useActorRef(giftEffectQueueMachine);
  const shown = useSelector(actor, shownEffect);
  const onGift = useCallback(
    (message: RoomChatMessage) => {
      const effect = effectOf(message, locale, giftNames);
      if (effect) actor.send({ type: 'gift.received', effect });
    },
    [actor, locale, giftNames],
  );
  const effect: ShownGiftEffect | null =
    shown && shown.size !== 'none'
      ? {
          key: shown.key,
          nick: shown.nick,
          giftName: shown.giftName,
          picture: shown.animationUrl ?? shown.icon,
          size: shown.size,
          count: shown.count,
          combo: shown.combo,
        }
      : null;
  const overlay = (
    <GiftEffect
      effect={effect}
      sentLabel={(e) => t('gifts.banner', { nick: e.nick, name: e.giftName, count: e.count })}
      comboLabel={(combo) => t('gifts.combo', { combo })}
      onSkip={() => actor.send({ type: 'effect.skipped' })}
    />
  );
  return { onGift, overlay };
}
