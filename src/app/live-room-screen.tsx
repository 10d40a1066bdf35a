import { useGiftNames } from '../api/queries/gifts.ts';
import { RoomGiftBar } from '../features/gifts/room-gift-bar.tsx';
import { useRoomGiftEffects } from '../features/gifts/room-gift-effects.tsx';
import { RoomPage } from '../features/live/room/room-page.tsx';
import { RoomHorns } from '../features/social/room-horns.tsx';
import { AnchorWorksPanel } from '../features/video/anchor-works-panel.tsx';

/** /live?id=: the live area's room, with the gifts area's bar and effects, the social area's horns and the video area's works of its anchor. */
export function LiveRoomScreen() {
  const giftEffects = useRoomGiftEffects(useGiftNames());
  return <RoomPage horns={<RoomHorns />} GiftBar={RoomGiftBar} giftEffects={giftEffects} Works={AnchorWorksPanel} />;
}
