import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DevSmsSender, renderSmsInbox } from '../../adapters/sms/dev-sms-sender.ts';
import { ResultCode } from '../../errors.ts';
import type { ServerContext } from '../../ports/server-context.ts';
import { loginQrcodeSvg } from './qr-login-service.ts';

export interface AccountRoutesOptions {
  server: ServerContext;
}

function origin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/** The account pages that are not API calls: login QR images and, outside production, the SMS inbox. */
export async function accountRoutes(app: FastifyInstance, { server }: AccountRoutesOptions): Promise<void> {
  app.get<{ Params: { file: string } }>('/api/qr/:file', async (request, reply) => {
    const code = /^([A-Za-z0-9_-]{16,64})\.svg$/.exec(request.params.file)?.[1];
    const svg = code ? await loginQrcodeSvg(server, code, origin(request)) : null;
    if (!svg) return reply.code(404).send({ code: ResultCode.error, msg: 'Not found', data: null });
    return reply.header('cache-control', 'private, max-age=180').type('image/svg+xml').send(svg);
  });

  if (!server.production) {
    app.get('/dev/sms', async (_request, reply) => {
      const sender = server.sms;
      const messages = sender instanceof DevSmsSender ? sender.inbox() : [];
      return reply
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(renderSmsInbox(messages, server.clock.now()));
    });
  }
}
