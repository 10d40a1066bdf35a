import { defineAreaHandlers } from '../../contract/area-handlers.ts';
import { languageOf } from '../../i18n/server-messages.ts';
import { liveCategories, roomBuckets } from './directory-service.ts';
import { kickoutList } from './kickout-service.ts';
import { playbacks } from './playback-service.ts';
import { roomRanking } from './ranking-service.ts';
import { anchorSchedules, deleteSchedule, myReservations, reserveMatch, reserveSchedule } from './reservation-service.ts';
import { roomInfo, roomPlacard, shareRoom, viewerStatus } from './room-info-service.ts';
import { liveRoomPage } from './room-list-service.ts';

export const liveHandlers = defineAreaHandlers('live', {
  liveLiveKickoutList: ({ server, user }) => kickoutList(server, user?.id ?? null),
  liveStreamingGetLiveList: ({ server, input, user }) => liveRoomPage(server, input, user?.id ?? null),
  liveGetRoomList: ({ server, input }) => liveCategories(server, input.type ?? 0),
  liveGetBucketRoomList: ({ server, user, request }) => roomBuckets(server, user?.id ?? null, languageOf(request.headers)),
  liveStreamingGetRoomInfo: ({ server, input, user }) => roomInfo(server, input.room_id, user?.id ?? null),
  liveGetPlacard: ({ server, input }) => roomPlacard(server, input.room_id),
  liveGetUserStatus: ({ server, input, me }) => viewerStatus(server, me().id, input.room_id, input.uid),
  liveShare: ({ server, input }) => shareRoom(server, input.room_id),
  liveStreamingRoomRanking: ({ server, input, user }) => roomRanking(server, input.room_id, input.period ?? 'day', user?.id ?? null),
  liveStreamingGetReserveLiveList: ({ server, input, user }) => anchorSchedules(server, input, user?.id ?? null),
  liveStreamingGetUserReserveLiveList: ({ server, input, me }) => myReservations(server, me().id, input),
  liveStreamingGetLivePlaybackList: ({ server, input }) => playbacks(server, input ?? {}),
  liveReserveMatch: ({ server, input, me }) => reserveMatch(server, me().id, input.match_id, input.is_reserve === 1),
  liveReserveMatch2: ({ server, input, me }) => reserveSchedule(server, me().id, input.reserve_id, input.is_reserve === 1),
  liveDeleteReserveLive: ({ server, input, me }) => deleteSchedule(server, me().id, input.id),
});
