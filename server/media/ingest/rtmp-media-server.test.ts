import { describe, expect, it } from 'vitest';
import { ingestMasterPlaylist, parseMediaPlaylist } from './rtmp-ingest.ts';
import { rtmpConfig, renditionsOf, type RtmpConfigInput } from './rtmp-media-server.ts';

const input = (ffmpeg: string | null): RtmpConfigInput => ({
  tools: { nginx: '/usr/sbin/nginx', rtmpModule: '/usr/lib/nginx/modules/ngx_rtmp_module.so', ffmpeg },
  workDir: '/data/media-server/nginx',
  hlsDir: '/data/media-server/hls',
  rtmpPort: 1935,
  rtmpHost: '0.0.0.0',
  callbackBase: 'http://127.0.0.1:8080/media-server/s3cret',
});

describe('the media server configuration, written from its template', () => {
  it('with ffmpeg: authorises pushes through the site, writes the push itself as the original and three encoded renditions of 1 s fragments', () => {
    const config = rtmpConfig(input('/usr/bin/ffmpeg'));
    expect(config).not.toMatch(/\{\{\w+\}\}/);
    expect(config).toContain('load_module /usr/lib/nginx/modules/ngx_rtmp_module.so;');
    expect(config).toContain('listen 0.0.0.0:1935;');
    expect(config).toContain('on_publish http://127.0.0.1:8080/media-server/s3cret/on-publish;');
    expect(config).toContain('on_publish_done http://127.0.0.1:8080/media-server/s3cret/on-publish-done;');
    // The original is the push as nginx receives it, not a copy made by the ladder.
    expect(config).toContain('hls_path /data/media-server/hls/original;');
    expect(config).not.toContain('application original');
    for (const quality of ['high_definition', 'standard', 'smooth']) {
      expect(config).toContain(`application ${quality} {`);
      expect(config).toContain(`hls_path /data/media-server/hls/${quality};`);
      expect(config).toContain(`rtmp://127.0.0.1:1935/${quality}/$name`);
    }
    expect(config).toContain('scale=-2:360');
    expect(config.match(/hls_fragment 1s;/g)).toHaveLength(4);
    // The ladder runs with the push and is stopped with SIGTERM, so it writes out what it holds.
    expect(config.match(/exec_push \/usr\/bin\/ffmpeg /g)).toHaveLength(1);
    expect(config).toContain('exec_kill_signal term;');
    // Renditions are published from this machine only: nobody pushes around the key check.
    expect(config.match(/allow publish 127\.0\.0\.1;\s+deny publish all;/g)).toHaveLength(3);
    // ...and only for a stream key on air, which the site checks; the site hears each one end.
    expect(config.match(/on_publish http:\/\/127\.0\.0\.1:8080\/media-server\/s3cret\/on-ladder-publish;/g)).toHaveLength(3);
    expect(config.match(/on_publish_done http:\/\/127\.0\.0\.1:8080\/media-server\/s3cret\/on-ladder-publish-done;/g)).toHaveLength(3);
    expect(renditionsOf(input('/usr/bin/ffmpeg').tools)).toEqual(['original', 'high_definition', 'standard', 'smooth']);
  });

  it('without ffmpeg: the pushed original is the one rendition', () => {
    const config = rtmpConfig(input(null));
    expect(config).not.toContain('exec_');
    expect(config).toContain('hls_path /data/media-server/hls/original;');
    expect(config).not.toContain('application smooth');
    expect(renditionsOf(input(null).tools)).toEqual(['original']);
  });
});

describe('the playlists nginx writes, as the site reads them', () => {
  it('reads the fragments, their durations and discontinuities', () => {
    const playlist = parseMediaPlaylist(
      '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-MEDIA-SEQUENCE:4\n#EXT-X-TARGETDURATION:2\n#EXTINF:1.000,\n4.ts\n#EXT-X-DISCONTINUITY\n#EXTINF:0.960,\n5.ts\n',
    );
    expect(playlist).toEqual({
      mediaSequence: 4,
      targetDuration: 2,
      segments: [
        { tags: ['#EXTINF:1.000,'], uri: '4.ts' },
        { tags: ['#EXT-X-DISCONTINUITY', '#EXTINF:0.960,'], uri: '5.ts' },
      ],
    });
  });

  it('names each rendition at hand in the multivariant playlist, best first', () => {
    expect(ingestMasterPlaylist(['smooth', 'original'])).toBe(
      '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-STREAM-INF:BANDWIDTH=4500000,NAME="original"\noriginal.m3u8\n#EXT-X-STREAM-INF:BANDWIDTH=800000,NAME="smooth"\nsmooth.m3u8\n',
    );
  });
});
