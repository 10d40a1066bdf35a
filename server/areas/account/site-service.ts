import type { FastifyRequest } from 'fastify';
import type { DataOf } from '../../contract/operation-types.ts';
import { languageOf } from '../../i18n/server-messages.ts';
import type { ServerContext } from '../../ports/server-context.ts';

type SiteConfig = DataOf<'universalGetConfig'>;
type CustomerServiceInfo = DataOf<'userGetKefuInfo'>;

/** Config changes rarely and every page start asks for it: kept in memory this long. */
const configTtlMs = 30_000;

async function configRows(server: ServerContext): Promise<Map<string, unknown>> {
  return server.cache.get('site_config', configTtlMs, async () => {
    const rows = await server.database.db.selectFrom('site_config').select(['key', 'value']).execute();
    return new Map(rows.map((row) => [row.key, row.value]));
  });
}

function text(rows: Map<string, unknown>, key: string): string {
  const value = rows.get(key);
  return typeof value === 'string' ? value : '';
}

/** The socket address as the browser must reach it: same host, ws or wss like the page. */
export function websocketAddress(request: FastifyRequest): string {
  const scheme = request.protocol === 'https' ? 'wss' : 'ws';
  return `${scheme}://${request.host}/ws`;
}

export async function siteConfig(server: ServerContext, request: FastifyRequest): Promise<SiteConfig> {
  const [rows, countries] = await Promise.all([
    configRows(server),
    server.cache.get('country_codes', configTtlMs, () =>
      server.database.db.selectFrom('country_codes').select(['id', 'code', 'name', 'name_en']).orderBy('sort').orderBy('id').execute(),
    ),
  ]);
  const appId = rows.get('im_sdk_app_id');
  const hornPrice = rows.get('horn_price');
  return {
    site_name: text(rows, 'site_name') || 'Pitchside',
    websocket: websocketAddress(request),
    // The phone-code list of the login dialog, named in the reader's language (Vietnamese reads the English).
    CountryCode: countries.map(({ id, code, name, name_en }) => ({ id, code, name: languageOf(request.headers) === 'zh' || name_en === '' ? name : name_en })),
    weibo_qr_code: text(rows, 'weibo_qr_code'),
    follow_us: text(rows, 'follow_us'),
    apply_for_anchor: text(rows, 'apply_for_anchor'),
    feedback_qq: text(rows, 'feedback_qq'),
    customer_service_email: text(rows, 'customer_service_email'),
    site_icp: text(rows, 'site_icp'),
    mobile_url: text(rows, 'mobile_url'),
    im_mode: typeof appId === 'number' ? 'tim' : 'own',
    im_sdk_app_id: typeof appId === 'number' ? appId : null,
    horn_price: typeof hornPrice === 'number' ? hornPrice : 0,
  };
}

export async function customerServiceInfo(server: ServerContext): Promise<CustomerServiceInfo> {
  const rows = await configRows(server);
  const info = (rows.get('customer_service') ?? {}) as Partial<Record<keyof CustomerServiceInfo, unknown>>;
  const str = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    qq: str(info.qq),
    wechat: str(info.wechat),
    wechat_qr_code: typeof info.wechat_qr_code === 'string' ? info.wechat_qr_code : null,
    phone: str(info.phone),
    email: str(info.email) || text(rows, 'customer_service_email'),
    work_hours: str(info.work_hours),
    kefu_uid: typeof info.kefu_uid === 'number' ? info.kefu_uid : null,
  };
}

export async function avatarList(server: ServerContext): Promise<DataOf<'userAvatarList'>> {
  return server.cache.get('default_avatars', configTtlMs, () =>
    server.database.db.selectFrom('default_avatars').select(['id', 'path as url']).orderBy('sort').orderBy('id').execute(),
  );
}
