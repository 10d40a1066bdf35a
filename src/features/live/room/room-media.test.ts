import { afterEach, describe, expect, it, vi } from 'vitest';
import { masterPlaylist, playsHlsNatively, qualitiesOf } from './room-media.ts';

describe('a room’s renditions as hls.js levels', () => {
  const stream = { original: '/hls/7/original.m3u8', standard: '/hls/7/standard.m3u8', smooth: '/hls/7/smooth.m3u8' };

  it('offers the qualities the room has, best first (SPEC §9)', () => {
    expect(qualitiesOf(stream)).toEqual(['original', 'standard', 'smooth']);
    expect(qualitiesOf({ original: '/hls/7/original.m3u8', master: '/hls/7/master.m3u8' })).toEqual(['original']);
  });

  it('names each variant of the playlist it makes by its quality, at an absolute address', () => {
    const lines = masterPlaylist(stream, 'http://pitchside.local').trim().split('\n');
    expect(lines[0]).toBe('#EXTM3U');
    expect(lines.slice(1)).toEqual([
      '#EXT-X-STREAM-INF:BANDWIDTH=6000000,NAME="original"',
      'http://pitchside.local/hls/7/original.m3u8',
      '#EXT-X-STREAM-INF:BANDWIDTH=1500000,NAME="standard"',
      'http://pitchside.local/hls/7/standard.m3u8',
      '#EXT-X-STREAM-INF:BANDWIDTH=800000,NAME="smooth"',
      'http://pitchside.local/hls/7/smooth.m3u8',
    ]);
  });
});

describe('who plays the stream', () => {
  afterEach(() => vi.unstubAllGlobals());

  const videoThatPlaysHls = () => {
    const video = document.createElement('video');
    video.canPlayType = (type: string) => (type === 'application/vnd.apple.mpegurl' ? 'maybe' : '');
    return video;
  };

  it('is hls.js wherever Media Source Extensions are, even in a browser that says it plays HLS (Chromium 141+)', () => {
    vi.stubGlobal('MediaSource', class {});
    expect(playsHlsNatively(videoThatPlaysHls())).toBe(false);
  });

  it('is the browser itself where it plays HLS without Media Source Extensions (older iPhones)', () => {
    expect('MediaSource' in window).toBe(false);
    expect(playsHlsNatively(videoThatPlaysHls())).toBe(true);
    expect(playsHlsNatively(document.createElement('video'))).toBe(false);
  });
});
