import { defineAreaHandlers } from '../../contract/area-handlers.ts';
import { kickoutList } from './kickout-service.ts';
import { liveRoomPage } from './room-list-service.ts';

export const liveHandlers = defineAreaHandlers('live', {
  liveLiveKickoutList: ({ server, user }) => kickoutList(server, user?.id ?? null),
  liveStreamingGetLiveList: ({ server, input, user }) => liveRoomPage(server, input, user?.id ?? null),
});
