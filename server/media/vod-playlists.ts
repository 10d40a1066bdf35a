// Video on demand for past broadcasts (Live_streaming/getLivePlaybackList): a recorded broadcast's
// `video` is /media/videos/<clip>-<n>/index.m3u8, and its stream is the committed demo clip played
// a fixed number of times as one finished (ENDLIST) playlist, so the player can seek anywhere in it.
// Each time the clip starts over its time stamps start over too: EXT-X-DISCONTINUITY says so.

import { clipOfType } from './hls-clips.ts';
import { masterPlaylist, type ClipManifest, type HlsQuality } from './hls-playlists.ts';

/** How many times a recording plays its clip: long enough to seek in, short enough to be one page of playlist. */
export const vodLoops = 8;

const recordingPattern = /^([a-z]+)-([1-9]\d{0,2})$/;

/** The clip a recording's name (`football-2`) plays, or null when the name is not one of ours. */
export function clipOfRecording(name: string): string | null {
  const match = recordingPattern.exec(name);
  const clip = match?.[1];
  return clip && (Object.values(clipOfType) as string[]).includes(clip) ? clip : null;
}

/** The recording's master playlist: the same four renditions as the live rooms'. */
export function vodMasterPlaylist(manifest: ClipManifest): string {
  return masterPlaylist(manifest);
}

/** How many 1 s segments a recording has. */
export function vodSegments(manifest: ClipManifest): number {
  return manifest.segments * vodLoops;
}

/** A finished media playlist of one quality: every segment, a discontinuity at each restart, ENDLIST. */
export function vodMediaPlaylist(manifest: ClipManifest, quality: HlsQuality): string {
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    '#EXT-X-TARGETDURATION:1',
    '#EXT-X-PLAYLIST-TYPE:VOD',
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-INDEPENDENT-SEGMENTS',
  ];
  const total = vodSegments(manifest);
  for (let sequence = 0; sequence < total; sequence++) {
    if (sequence !== 0 && sequence % manifest.segments === 0) lines.push('#EXT-X-DISCONTINUITY');
    lines.push('#EXTINF:1.000,', `${quality}/${sequence}.ts`);
  }
  lines.push('#EXT-X-ENDLIST');
  return `${lines.join('\n')}\n`;
}


