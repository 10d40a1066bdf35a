import type { components } from '../../../src/api/schema.d.ts';

/**
 * The media-server port (DESIGN.md, Video): where a room's HLS is played from. The default is this
 * server's own /hls (server/media/hls-routes.ts); an RTMP media server or a CDN plugs in behind the
 * same interface.
 */
export interface MediaServer {
  playUrls(roomId: number): components['schemas']['LiveStreamUrls'];
}

export const ownMediaServer: MediaServer = {
  playUrls: (roomId) => ({
    master: `/hls/${roomId}/master.m3u8`,
    original: `/hls/${roomId}/original.m3u8`,
    high_definition: `/hls/${roomId}/high_definition.m3u8`,
    standard: `/hls/${roomId}/standard.m3u8`,
    smooth: `/hls/${roomId}/smooth.m3u8`,
  }),
};
