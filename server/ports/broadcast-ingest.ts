/**
 * The broadcast ingest port: where an anchor's encoder pushes RTMP. The areas learn only its address; the media
 * layer (server/media/ingest/rtmp-ingest.ts) receives the broadcasts and plays them back.
 */
export interface BroadcastIngest {
  /** The port encoders push to: rtmp://HOST:rtmpPort/live. */
  readonly rtmpPort: number;
  /**
   * The files of a past broadcast's best recorded rendition, in play order, each with its length, found from the
   * playback's `video` address; null when the address names no recording here.
   */
  recordingSegments(playbackPath: string): Promise<RecordedSegment[] | null>;
  /** How long a past broadcast's recording plays, in seconds, found as recordingSegments finds it; null likewise. */
  recordingSeconds(playbackPath: string): Promise<number | null>;
}

/** One fragment of a recording: an MPEG-TS file on this machine and the seconds it plays. */
export interface RecordedSegment {
  file: string;
  seconds: number;
}

/** What the live area does as a real broadcast starts and ends; the media layer's ingest asks it. */
export interface BroadcastRooms {
  /** The room a stream key belongs to, or undefined for a key no room has. */
  roomOfStreamKey(streamKey: string): Promise<{ id: number } | undefined>;
  /** The room goes on air. */
  started(roomId: number): Promise<void>;
  /** The room goes off air; its recording is kept as a playback entry whose video is `playbackPath(recordId)`. */
  ended(roomId: number, playbackPath: (recordId: number) => string | null): Promise<{ id: number }>;
}
