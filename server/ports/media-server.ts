import type { components } from '../../src/api/schema.d.ts';

/**
 * The media-server port (DESIGN.md, Video): where a room's HLS is played from. The default is this
 * server's own /hls (server/media/hls-routes.ts); an RTMP media server or a CDN plugs in behind the
 * same interface.
 */
export interface MediaServer {
  playUrls(roomId: number): components['schemas']['LiveStreamUrls'];
}
