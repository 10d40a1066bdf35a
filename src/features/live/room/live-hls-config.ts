/**
 * How hls.js plays a live room (and how `npm run bench` measures it): two 1 s segments behind the live edge
 * (so a viewer sees the camera at most 6 s late, glass to glass); a player that fell behind plays a little faster until it is back there, and
 * one more than six segments behind jumps ahead.
 */
export const liveHlsConfig = { liveSyncDurationCount: 2, liveMaxLatencyDurationCount: 6, maxLiveSyncPlaybackRate: 1.05 } as const;
