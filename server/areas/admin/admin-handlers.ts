import { defineAreaHandlers } from '../../ports/area-handlers.ts';
import { adminAnchorApplicationList, reviewAnchorApplication } from '../anchor/anchor-public.ts';
import { adminWithdrawalList, reviewWithdrawal } from '../wallet/wallet-public.ts';

/** The admin page's calls (x-role admin: the router refuses everyone else). */
export const adminHandlers = defineAreaHandlers('admin', {
  adminWithdrawalList: ({ server, input }) => adminWithdrawalList(server, input),
  adminReviewWithdrawal: ({ server, me, input, idempotencyKey }) => reviewWithdrawal(server, me().id, input, idempotencyKey),
  adminAnchorApplicationList: ({ server, input }) => adminAnchorApplicationList(server, input),
  adminReviewAnchorApplication: ({ server, me, input }) => reviewAnchorApplication(server, me().id, input),
});
