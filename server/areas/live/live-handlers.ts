import type { AreaHandlers } from '../../contract/operation-types.ts';
import { liveRoomPage } from './room-list-service.ts';

export const liveHandlers: AreaHandlers = {
  liveStreamingGetLiveList: ({ server, input, user }) => liveRoomPage(server, input, user?.id ?? null),
};
