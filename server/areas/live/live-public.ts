// What other areas may use of the live area, each name taken from the file that defines it. An area reaches
// another only through that area's public file (README, Layout), and lint holds it.

export { existingRoom, roomChatGroupId, standingIn } from './room-info-service.ts';
export { cachedRooms, liveRooms, roomListCacheKey } from './room-list-service.ts';
export type { RoomRow } from './room-list-service.ts';
export { matchBriefs } from './match-brief.ts';
export { isRefusal, roomChatJoinRefusal, roomChatMessages, roomChatRate, roomChatSpeech, roomOfGroup, SendRate, SlowMode } from './room-chat-service.ts';
