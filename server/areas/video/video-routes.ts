import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../ports/server-context.ts';
import type { SessionResolver } from '../../ports/session-resolver.ts';
import { renditionsPathPrefix } from './video-renditions.ts';
import { videoTusRoutes } from './video-tus-routes.ts';

export interface VideoRoutesOptions {
  server: ServerContext;
  resolveSession: SessionResolver;
}

/** <video id>/master.m3u8, <video id>/<quality>/index.m3u8 and <video id>/<quality>/<n>.ts: nothing else, never a `.part` folder. */
const renditionFile = /^\/\d{1,12}\/(master\.m3u8|(high_definition|standard|smooth)\/(index\.m3u8|\d{1,6}\.ts))$/;

/** The video area's routes that are not API calls: the transcoded renditions and resumable (tus) uploads. */
export async function videoRoutes(app: FastifyInstance, { server, resolveSession }: VideoRoutesOptions): Promise<void> {
  await app.register(videoTusRoutes, { server, resolveSession });
  const root = join(server.storage.directory, 'renditions');
  mkdirSync(root, { recursive: true });
  await app.register(fastifyStatic, {
    root,
    prefix: renditionsPathPrefix,
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    allowedPath: (pathName) => renditionFile.test(pathName),
    setHeaders: (response, filePath) => {
      response.header('x-content-type-options', 'nosniff');
      if (filePath.endsWith('.m3u8')) {
        response.header('content-type', 'application/vnd.apple.mpegurl');
        // A retried job may write a playlist again; segments of a made rendition never change.
        response.header('cache-control', 'public, max-age=60');
      } else {
        response.header('content-type', 'video/mp2t');
        response.header('cache-control', 'public, max-age=31536000, immutable');
      }
    },
  });
}
