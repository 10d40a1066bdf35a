import type { DataOf, InputOf } from '../../contract/operation-types.ts';
import type { LedgerKind, UserWalletKind } from '../../db/tables/wallet-tables.ts';
import { translate, type Language } from '../../i18n/server-messages.ts';
import type { ServerContext } from '../../ports/server-context.ts';
import { ledgerTypeMessages } from './wallet-messages.ts';

type EntryType = keyof typeof ledgerTypeMessages;

/** Each entry type of the contract: the ledger kinds it is made of, and the wallet when the kind moves two of the user's. */
const entryTypes: Record<EntryType, { kinds: LedgerKind[]; wallet?: UserWalletKind }> = {
  recharge: { kinds: ['topup'] },
  gift_send: { kinds: ['gift'], wallet: 'consumer' },
  gift_income: { kinds: ['gift'], wallet: 'income' },
  guard_purchase: { kinds: ['guard', 'nobility'] },
  horn: { kinds: ['horn'] },
  barrage: { kinds: ['barrage'] },
  red_envelope_send: { kinds: ['red_envelope'] },
  red_envelope_receive: { kinds: ['red_envelope_claim'] },
  red_envelope_refund: { kinds: ['red_envelope_refund'] },
  conversion_out: { kinds: ['conversion'], wallet: 'income' },
  conversion_in: { kinds: ['conversion'], wallet: 'consumer' },
  withdrawal: { kinds: ['withdrawal'] },
  withdrawal_refund: { kinds: ['withdrawal_refund'] },
  sign_in: { kinds: ['sign_in'] },
  task_reward: { kinds: ['task'] },
  exchange: { kinds: ['exchange'] },
  opening: { kinds: ['opening'] },
  plan_purchase: { kinds: ['plan_purchase'] },
  guess_bet: { kinds: ['guess_bet'] },
  guess_payout: { kinds: ['guess_payout'] },
  adjustment: { kinds: ['adjustment'] },
};

function entryTypeOf(kind: LedgerKind, wallet: UserWalletKind): EntryType {
  for (const [type, rule] of Object.entries(entryTypes) as Array<[EntryType, (typeof entryTypes)[EntryType]]>) {
    if (rule.kinds.includes(kind) && (!rule.wallet || rule.wallet === wallet)) return type;
  }
  return 'adjustment';
}

/** order/getTypeList: every entry type with its label in the request's language. */
export function ledgerTypeList(language: Language): DataOf<'orderGetTypeList'> {
  return (Object.keys(entryTypes) as EntryType[]).map((type) => ({ type, name: translate(ledgerTypeMessages[type], language) }));
}

/** The site's day is UTC+8: a month runs from its first 00:00 there. */
function monthRange(month: string): [Date, Date] {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const eightHours = 8 * 3600_000;
  return [new Date(Date.UTC(year, number - 1, 1) - eightHours), new Date(Date.UTC(year, number, 1) - eightHours)];
}

/** Order/getList: every change of the user's wallets, newest first, by type, wallet and month. */
export async function ledgerEntries(server: ServerContext, userId: number, input: InputOf<'orderGetList'>): Promise<DataOf<'orderGetList'>> {
  const page = input.page ?? 1;
  const limit = input.limit ?? 20;
  const { db } = server.database;
  const rule = input.type ? entryTypes[input.type] : undefined;
  const wallet = input.wallet ?? rule?.wallet;
  let query = db
    .selectFrom('ledger_entries as e')
    .innerJoin('wallet_accounts as a', 'a.id', 'e.account_id')
    .innerJoin('ledger_transactions as t', 't.id', 'e.transaction_id')
    .where('a.owner_id', '=', userId);
  if (wallet) query = query.where('a.kind', '=', wallet);
  if (rule) query = query.where('t.kind', 'in', rule.kinds);
  if (input.month) {
    const [from, to] = monthRange(input.month);
    query = query.where('e.created_at', '>=', from).where('e.created_at', '<', to);
  }
  const [rows, total] = await Promise.all([
    query
      .select(['e.id', 'e.amount', 'e.balance_after', 'e.created_at', 'a.kind as wallet', 't.kind', 't.id as transaction_id', 't.meta'])
      .orderBy('e.id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(total.n),
    page,
    limit,
    list: rows.map((row) => {
      const wallet = row.wallet as UserWalletKind;
      const meta = row.meta ?? {};
      return {
        id: Number(row.id),
        order_no: typeof meta.order_no === 'string' ? meta.order_no : `L${String(row.transaction_id).padStart(10, '0')}`,
        type: entryTypeOf(row.kind, wallet),
        wallet,
        amount: Number(row.amount),
        balance: Number(row.balance_after),
        note: '',
        created_at: Math.floor(row.created_at.getTime() / 1000),
      };
    }),
  };
}
