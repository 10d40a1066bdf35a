import type { FastifyRequest } from 'fastify';
import { defineAreaHandlers } from '../../ports/area-handlers.ts';
import { languageOf } from '../../i18n/server-messages.ts';
import type { ServerContext } from '../../ports/server-context.ts';
import { endRoom, pushInfo, startRoom, type PushAddress } from './broadcast-service.ts';
import { liveCategories, roomBuckets } from './directory-service.ts';
import { ownFanGroups, showFanGroup, shownFanGroups } from './fan-group-service.ts';
import { kickoutList } from './kickout-service.ts';
import { playbacks } from './playback-service.ts';
import { roomRanking } from './ranking-service.ts';
import { anchorSchedules, createSchedule, deleteSchedule, myReservations, reserveMatch, reserveSchedule } from './reservation-service.ts';
import { roomInfo, roomPlacard, shareRoom, viewerStatus } from './room-info-service.ts';
import {
  appointManager,
  kickViewer,
  muteViewer,
  ownRoomManagers,
  removeManager,
  roomAssistants,
  setChatRules,
  unmuteViewer,
} from './room-moderation-service.ts';
import { liveRoomPage } from './room-list-service.ts';
import { readRoomSettingsForm, type RoomSettingsForm } from './room-settings-form.ts';
import { applyRoomSettings, broadcastRecords, setRoomPlacard, setRoomTitle, updateRoom } from './room-settings-service.ts';

/** A settings form applied to the anchor's room; a form the room's rules refuse leaves no cover behind. */
async function applyRoomSettingsForm(
  server: ServerContext,
  anchorId: number,
  { fields, cover, discard }: RoomSettingsForm<'liveSetLiveInfo' | 'liveMobileStartRoom'>,
): ReturnType<typeof applyRoomSettings> {
  try {
    return await applyRoomSettings(server, anchorId, { ...fields, ...(cover ? { cover } : {}) });
  } catch (error) {
    await discard();
    throw error;
  }
}

/** Where the anchor pushes: the host the anchor reached the site by, on the media server's port. */
function pushAddress(server: ServerContext, request: FastifyRequest): PushAddress {
  return { host: request.hostname, rtmpPort: server.ingest.rtmpPort };
}

export const liveHandlers = defineAreaHandlers('live', {
  liveGetLiveUrl: ({ server, input, me, request }) => pushInfo(server, me().id, input.reset === 1, pushAddress(server, request)),
  liveStartRoom: ({ server, me, request }) => startRoom(server, me().id, pushAddress(server, request)),
  liveEndRoom: ({ server, me }) => endRoom(server, me().id),
  liveMobileStartRoom: async ({ server, me, request }) => {
    await applyRoomSettingsForm(server, me().id, await readRoomSettingsForm(server, request, 'liveMobileStartRoom', me().id));
    return startRoom(server, me().id, pushAddress(server, request));
  },
  liveSetLiveInfo: async ({ server, me, request }) =>
    applyRoomSettingsForm(server, me().id, await readRoomSettingsForm(server, request, 'liveSetLiveInfo', me().id)),
  liveLiveKickoutList: ({ server, user }) => kickoutList(server, user?.id ?? null),
  liveStreamingGetLiveList: ({ server, input, user }) => liveRoomPage(server, input, user?.id ?? null),
  liveGetRoomList: ({ server, input }) => liveCategories(server, input.type ?? 0),
  liveGetBucketRoomList: ({ server, user, request }) => roomBuckets(server, user?.id ?? null, languageOf(request.headers)),
  liveStreamingGetRoomInfo: ({ server, input, user }) => roomInfo(server, input.room_id, user?.id ?? null),
  liveGetPlacard: ({ server, input }) => roomPlacard(server, input.room_id),
  liveGetUserStatus: ({ server, input, me }) => viewerStatus(server, me().id, input.room_id, input.uid),
  liveShare: ({ server, input, user }) => shareRoom(server, input.room_id, user?.id ?? null),
  liveStreamingRoomRanking: ({ server, input, user }) => roomRanking(server, input.room_id, input.period ?? 'day', user?.id ?? null),
  liveStreamingGetReserveLiveList: ({ server, input, user }) => anchorSchedules(server, input, user?.id ?? null),
  liveStreamingGetUserReserveLiveList: ({ server, input, me }) => myReservations(server, me().id, input),
  liveStreamingGetLivePlaybackList: ({ server, input }) => playbacks(server, input ?? {}),
  liveReserveMatch: ({ server, input, me }) => reserveMatch(server, me().id, input.match_id, input.is_reserve === 1),
  liveReserveMatch2: ({ server, input, me }) => reserveSchedule(server, me().id, input.reserve_id, input.is_reserve === 1),
  liveGetLiveGroupList: ({ server, input, user }) => shownFanGroups(server, input.room_id, user?.id ?? null),
  liveGroupList: ({ server, me }) => ownFanGroups(server, me().id),
  liveAddshowGroup: ({ server, input, me }) => showFanGroup(server, me().id, input.group_id, input.is_show === 1),
  liveDeleteReserveLive: ({ server, input, me }) => deleteSchedule(server, me().id, input.id),
  liveSetTaboo: ({ server, input, me }) => muteViewer(server, me().id, input),
  roomManageRelieveTaboo: ({ server, input, me }) => unmuteViewer(server, me().id, input),
  liveLiveKickout: ({ server, input, me }) => kickViewer(server, me().id, input),
  liveSetChatRules: ({ server, input, me }) => setChatRules(server, me().id, input),
  liveAssistantList: ({ server, input }) => roomAssistants(server, input.room_id),
  roomManageGetLiveRoomManageList: ({ server, me }) => ownRoomManagers(server, me().id),
  roomManageSetAdministrations: ({ server, input, me }) => appointManager(server, me().id, input.uid),
  roomManageDelLiveRoomManage: ({ server, input, me }) => removeManager(server, me().id, input.uid),
  liveSetTitle: ({ server, input, me }) => setRoomTitle(server, me().id, input.title),
  liveSetPlacard: ({ server, input, me }) => setRoomPlacard(server, me().id, input.placard),
  liveUpdateLive: ({ server, input, me }) => updateRoom(server, me().id, input),
  liveSetReserveLiveNew: ({ server, input, me }) => createSchedule(server, me().id, input),
  liveSetLiveList: ({ server, input, me }) => broadcastRecords(server, me().id, input),
});
