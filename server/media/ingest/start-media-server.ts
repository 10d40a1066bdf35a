import type { ServerContext } from '../../ports/server-context.ts';
import type { RtmpIngest } from './rtmp-ingest.ts';
import { findMediaTools, startRtmpMediaServer, type RunningMediaServer } from './rtmp-media-server.ts';

export interface MediaServerStart {
  server: Pick<ServerContext, 'log'> & { readonly ingest: RtmpIngest };
  /** The site's own port, which nginx calls back on. */
  sitePort: number;
  /** MEDIA_SERVER: `off` keeps nginx from starting even where it is installed. */
  setting: string | undefined;
  /** RTMP_HOST: the address nginx takes pushes on. */
  rtmpHost: string;
  /** MEDIA_LADDER: `off` passes the push through as the one rendition, without encoding the other three. */
  ladder: string | undefined;
}

/**
 * Starts nginx with its RTMP module as a child process when the machine has them (DESIGN.md, Video),
 * and says in the log how to enable it when not. Demo rooms play either way.
 */
export async function startMediaServerIfInstalled({ server, sitePort, setting, rtmpHost, ladder }: MediaServerStart): Promise<RunningMediaServer | null> {
  if (setting === 'off') return null;
  const found = findMediaTools();
  const tools = found && ladder === 'off' ? { ...found, ffmpeg: null } : found;
  if (!tools) {
    server.log.info('the media server is off: install nginx and libnginx-mod-rtmp (and ffmpeg for the four qualities) to broadcast from OBS or ffmpeg; demo rooms play without them');
    return null;
  }
  const { ingest } = server;
  try {
    const running = await startRtmpMediaServer(
      {
        tools,
        workDir: ingest.workDir,
        hlsDir: ingest.hlsDir,
        rtmpPort: ingest.rtmpPort,
        rtmpHost,
        callbackBase: `http://127.0.0.1:${String(sitePort)}/media-server/${ingest.callbackSecret}`,
      },
      (line) => server.log.warn({ nginx: line }, 'media server'),
    );
    ingest.renditions = running.renditions;
    ingest.ffmpeg = tools.ffmpeg;
    // Recordings whose lower qualities a stop left half made are made again from their originals, in the background.
    void ingest
      .completeRecordings()
      .catch((error: unknown) => server.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'media server: recordings could not be completed'));
    server.log.info({ rtmpPort: ingest.rtmpPort, renditions: running.renditions }, `the media server takes pushes at rtmp://HOST:${String(ingest.rtmpPort)}/live`);
    return running;
  } catch (error) {
    server.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'the media server did not start; demo rooms still play');
    return null;
  }
}
