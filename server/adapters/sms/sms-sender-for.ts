import type { FastifyBaseLogger } from 'fastify';
import { DevSmsSender } from './dev-sms-sender.ts';
import { HttpSmsSender, httpSmsConfigFrom, UnconfiguredSmsSender } from './http-sms-sender.ts';
import type { SmsSender } from '../../ports/sms-sender.ts';

/**
 * The SMS sender the environment asks for: the operator's HTTP provider when configured; in
 * development the inbox sender, which logs codes; in production without a provider, none: codes
 * are never logged in place of a text, so getCode refuses until a provider is set.
 */
export function smsSenderFor(env: NodeJS.ProcessEnv, production: boolean, log: FastifyBaseLogger): SmsSender {
  const config = httpSmsConfigFrom(env);
  if (config) return new HttpSmsSender(config);
  if (!production) return new DevSmsSender(log);
  log.error(
    'SMS is not configured: set SMS_PROVIDER_URL, SMS_PROVIDER_KEY_ID and SMS_PROVIDER_SECRET. Until then no SMS code can be sent (register, reset password and payment password need one).',
  );
  return new UnconfiguredSmsSender();
}
