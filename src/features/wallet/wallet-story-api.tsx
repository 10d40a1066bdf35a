import { useState } from 'react';
import type { components } from '../../api/schema';
import { okAnswer } from '../../api/story-api.tsx';
import { useMessage } from '../../i18n/use-message.ts';
import { clearStoredUser, notifyStoredUserChanged, writeStoredSession } from '../../realtime/stored-user.ts';
import { sampleAvatar } from '../../ui/story-images.ts';
import type { HumanCheck } from './payment-password-form.tsx';

// The wallet's stories run against this fake server, typed from the contract: an anchor with
// income, a card bound, a few withdrawals and ledger entries. It keeps what is sent, so a
// conversion moves the balances and a binding shows the bound card.

type Schemas = components['schemas'];

/** 2026-11-20 12:00 UTC, around which the records are dated. */
const at = 1_795_176_000;

export const storyProfile: Schemas['MemberProfile'] = {
  id: 31,
  user_nickname: '球评老张',
  avatar: sampleAvatar,
  signature: '',
  sex: 1,
  mobile: '86-138****0031',
  balance: 1288.5,
  income_balance: 3560,
  coins: 420,
  level: 12,
  experience: 1288.5,
  next_level_experience: 2000,
  exp_icon: '',
  is_anchor: 1,
  anchor_level: 3,
  anchor_experience: 3560,
  is_expert: 0,
  room_id: 7,
  nobility: null,
  free_horns: 0,
  follow_count: 12,
  fan_count: 860,
  has_payment_password: 1,
  invite_code: 'PS7731',
  created_at: at - 90 * 86_400,
};

const rules: Schemas['ChargeRule'][] = [
  { id: 1, diamonds: 60, price: 6, bonus: 0 },
  { id: 2, diamonds: 300, price: 30, bonus: 12 },
  { id: 3, diamonds: 980, price: 98, bonus: 60 },
];

const channelIcon = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 20"><rect width="20" height="20" rx="4" fill="#1677ff"/></svg>')}`;
const channels: Schemas['PayChannel'][] = [{ id: 1, code: 'sandbox', name: '沙盒支付', icon: channelIcon }];

const withdrawals: Schemas['WithdrawalRecord'][] = [
  { id: 3, amount: 500, account_type: 'bank_card', account: '招商银行 **** 7894', status: 'under_review', reason: null, created_at: at, reviewed_at: null },
  { id: 2, amount: 1200.5, account_type: 'payment_account', account: 'zhang***@pitch.example', status: 'audit_successful', reason: null, created_at: at - 5 * 86_400, reviewed_at: at - 4 * 86_400 },
  { id: 1, amount: 80, account_type: 'bank_card', account: '招商银行 **** 7894', status: 'audit_failure', reason: '持卡人姓名与实名不符', created_at: at - 9 * 86_400, reviewed_at: at - 8 * 86_400 },
];

const ledgerTypes: Schemas['LedgerEntryTypeOption'][] = [
  { type: 'recharge', name: '充值' },
  { type: 'gift_send', name: '送礼' },
  { type: 'gift_income', name: '礼物收入' },
  { type: 'conversion_out', name: '收益转出' },
  { type: 'conversion_in', name: '收益转入' },
  { type: 'withdrawal', name: '提现' },
];

const ledger: Schemas['LedgerEntry'][] = [
  { id: 6, order_no: 'W20261120001', type: 'withdrawal', wallet: 'income', amount: -500, balance: 3560, note: '', created_at: at },
  { id: 5, order_no: 'C20261119002', type: 'conversion_in', wallet: 'consumer', amount: 100, balance: 1288.5, note: '', created_at: at - 86_400 },
  { id: 4, order_no: 'C20261119002', type: 'conversion_out', wallet: 'income', amount: -100, balance: 4060, note: '', created_at: at - 86_400 },
  { id: 3, order_no: 'G20261118031', type: 'gift_income', wallet: 'income', amount: 49.5, balance: 4160, note: '金球 ×1', created_at: at - 2 * 86_400 },
  { id: 2, order_no: 'G20261117007', type: 'gift_send', wallet: 'consumer', amount: -10, balance: 1188.5, note: '足球 ×1', created_at: at - 3 * 86_400 },
  { id: 1, order_no: 'R20261116001', type: 'recharge', wallet: 'consumer', amount: 312, balance: 1198.5, note: '', created_at: at - 4 * 86_400 },
];

export interface WalletServer {
  profile?: Schemas['MemberProfile'];
  /** The bound card; null when none is bound. */
  card?: Schemas['BankCard'] | null;
  /** Whether the withdrawal and ledger lists are empty. */
  empty?: boolean;
  /** The server refuses a conversion with this message (code 1). */
  conversionRefusal?: string;
  /** Called with the path and the query or body of every call that changes something. */
  onChange?: (path: string, sent: unknown) => void;
}

const boundCard: Schemas['BankCard'] = { real_name: '张*', card_number: '**** **** **** 7894', bank_name: '招商银行', branch: '深圳分行', bound_at: at - 30 * 86_400 };

const refusal = (msg: string) => new Response(JSON.stringify({ code: 1, msg, data: null }), { headers: { 'content-type': 'application/json' } });

/** The fake server's fetch. */
export function walletFetch({ profile = storyProfile, card = boundCard, empty = false, conversionRefusal, onChange }: WalletServer = {}) {
  let me = profile;
  let bound = card;
  return async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const query = Object.fromEntries(url.searchParams);
    const page = <T,>(list: T[]) => ({ total: empty ? 0 : list.length, page: 1, limit: Number(query.limit ?? 10), list: empty ? [] : list });
    switch (url.pathname) {
      case '/api/Member/info':
        return okAnswer(me);
      case '/api/chargerules/getList':
        return okAnswer(rules);
      case '/api/pay/getPayChannelList':
        return okAnswer(channels);
      case '/api/chargerules/payUrl':
        onChange?.(url.pathname, query);
        return okAnswer({ order_no: 'R20261125001', pay_url: '/checkout/R20261125001', price: 30, diamonds: 312, status: 'unpaid', expires_at: at + 900 });
      case '/api/Balance/withdrawalList':
        return okAnswer(page(withdrawals));
      case '/api/Balance/applyForWithdrawal':
        onChange?.(url.pathname, query);
        return okAnswer(withdrawals[0]);
      case '/api/Balance/conversionBalance': {
        onChange?.(url.pathname, query);
        if (conversionRefusal) return refusal(conversionRefusal);
        const amount = Number(query.amount);
        me = { ...me, balance: me.balance + amount, income_balance: me.income_balance - amount };
        return okAnswer({ amount, diamonds: amount, balance: me.balance, income_balance: me.income_balance });
      }
      case '/api/Bank_card/getInfo':
        return okAnswer(bound);
      case '/api/Bank_card/bind':
        onChange?.(url.pathname, query);
        bound = { real_name: `${(query.real_name ?? '').slice(0, 1)}*`, card_number: `**** **** **** ${(query.card_number ?? '').slice(-4)}`, bank_name: query.bank_name ?? '', branch: query.branch ?? '', bound_at: at };
        return okAnswer(bound);
      case '/api/Bank_card/getAliPayInfo':
        return okAnswer(null);
      case '/api/Order/getList':
        return okAnswer(page(ledger));
      case '/api/order/getTypeList':
        return okAnswer(ledgerTypes);
      default:
        return new Response(null, { status: 404 });
    }
  };
}

/** Logs the story's anchor in, as the wallet reads the profile of the stored user; the returned cleanup logs out. */
export function asStoryAnchor() {
  writeStoredSession({
    token: 'story-token',
    id: storyProfile.id,
    userSig: '',
    profile: { id: storyProfile.id, user_nickname: storyProfile.user_nickname, avatar: sampleAvatar, balance: storyProfile.balance, exp_icon: '', is_anchor: 1 },
  });
  notifyStoredUserChanged();
  return () => {
    clearStoredUser();
    notifyStoredUserChanged();
  };
}

/** The human check's place in the payment password form: ticked, it hands over a solution the fake server takes. */
export const StoryHumanCheck: HumanCheck = ({ onSolved, onReset }) => {
  const t = useMessage();
  const [solved, setSolved] = useState(false);
  return (
    <label>
      <input
        type="checkbox"
        checked={solved}
        onChange={(event) => {
          setSolved(event.currentTarget.checked);
          if (event.currentTarget.checked) onSolved('story-solution');
          else onReset();
        }}
      />
      {t('altcha.label')}
    </label>
  );
};
