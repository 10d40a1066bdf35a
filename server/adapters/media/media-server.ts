import type { MediaServer } from '../../ports/media-server.ts';

/** The default media server: this server's own /hls (server/media/hls-routes.ts). */
export const ownMediaServer: MediaServer = {
  playUrls: (roomId) => ({
    master: `/hls/${roomId}/master.m3u8`,
    original: `/hls/${roomId}/original.m3u8`,
    high_definition: `/hls/${roomId}/high_definition.m3u8`,
    standard: `/hls/${roomId}/standard.m3u8`,
    smooth: `/hls/${roomId}/smooth.m3u8`,
  }),
};
