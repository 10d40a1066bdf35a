import { defineAreaHandlers } from '../../ports/area-handlers.ts';
import { languageOf } from '../../i18n/server-messages.ts';
import { convertIncome } from './conversion-service.ts';
import { ledgerEntries, ledgerTypeList } from './order-service.ts';
import { setPaymentPassword } from './payment-password-service.ts';
import { bankCardInfo, bindBankCard, bindPayAccount, payAccountInfo } from './payout-account-service.ts';
import { chargeRules, createTopUpOrder, payChannels } from './topup-service.ts';
import { applyForWithdrawal, withdrawalList } from './withdrawal-service.ts';

export const walletHandlers = defineAreaHandlers('wallet', {
  chargerulesGetList: ({ server }) => chargeRules(server),
  payGetPayChannelList: ({ server, request }) => payChannels(server, languageOf(request.headers)),
  chargerulesPayUrl: ({ server, me, input, idempotencyKey, request }) =>
    createTopUpOrder(server, me().id, input, idempotencyKey, languageOf(request.headers)),
  memberPaymentPassword: ({ server, me, input }) => setPaymentPassword(server, me().id, input),
  bankCardBind: ({ server, me, input }) => bindBankCard(server, me().id, input),
  bankCardGetInfo: ({ server, me }) => bankCardInfo(server, me().id),
  bankCardBindAliPay: ({ server, me, input }) => bindPayAccount(server, me().id, input),
  bankCardGetAliPayInfo: ({ server, me }) => payAccountInfo(server, me().id),
  balanceApplyForWithdrawal: ({ server, me, input, idempotencyKey }) => applyForWithdrawal(server, me().id, input, idempotencyKey),
  balanceWithdrawalList: ({ server, me, input }) => withdrawalList(server, me().id, input),
  balanceConversionBalance: ({ server, me, input, idempotencyKey }) => convertIncome(server, me().id, input.amount, idempotencyKey),
  orderGetList: ({ server, me, input }) => ledgerEntries(server, me().id, input),
  orderGetTypeList: async ({ request }) => ledgerTypeList(languageOf(request.headers)),
});
