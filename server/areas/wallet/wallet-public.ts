// What other areas may use of the wallet area, each name taken from the file that defines it. An area reaches
// another only through that area's public file (README, Layout), and lint holds it.

export {
  amountOf,
  balanceAfter,
  book,
  giftBookings,
  idempotent,
  isBelowZero,
  ledgerMessages,
  moneyTransaction,
  paramsHashOf,
  retryingMoneyCall,
  tenthsOf,
  tenthsText,
  walletTenths,
} from './ledger.ts';
export type { GiftBooked, Posting, Trx } from './ledger.ts';
export { adminWithdrawalList, reviewWithdrawal } from './withdrawal-service.ts';
