// What other areas may use of the scores area, each name taken from the file that defines it. An area reaches
// another only through that area's public file (README, Layout), and lint holds it.

export { isLoopback } from './feed-dev-routes.ts';
export { rankHotMatches } from './match-list-service.ts';
export { toMatchBrief } from './match-shapes.ts';
export { liveRoomsByMatch, roomsOnAir } from './match-viewer.ts';
