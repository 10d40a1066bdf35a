import { defineAreaHandlers } from '../../ports/area-handlers.ts';
import { adminAnchorApplicationList, reviewAnchorApplication } from '../anchor/anchor-public.ts';
import { adminHeadlineList, adminPromoList, deletePromo, reviewHeadline, savePromo } from '../content/content-public.ts';
import { adminExpertApplicationList, reviewExpertApplication } from '../expert/expert-public.ts';
import { adminVideoReviewList, reviewVideo } from '../video/video-public.ts';
import { adminWithdrawalList, reviewWithdrawal } from '../wallet/wallet-public.ts';
import { languageOf } from '../../i18n/server-messages.ts';
import { auditLogPage, recordAdminAction } from './audit-log.ts';
import { adminChargeRules, saveChargeRule } from './charge-rule-service.ts';
import { adminReportList, reviewReport, submitReport } from './report-service.ts';
import { siteSettings, updateSiteSettings } from './site-settings-service.ts';
import { adminUserList, resetPassword, setUserBan, setUserMute, setUserRoles } from './user-admin-service.ts';

/**
 * The admin console's calls (x-role admin: the router refuses everyone else). Every change is
 * written to the audit log in the transaction that makes it.
 */
export const adminHandlers = defineAreaHandlers('admin', {
  adminWithdrawalList: ({ server, input }) => adminWithdrawalList(server, input),
  adminReviewWithdrawal: ({ server, me, input, idempotencyKey, request }) =>
    reviewWithdrawal(server, me().id, input, idempotencyKey, (trx, action, before, after) =>
      recordAdminAction(trx, server, { user: me(), request }, { action, targetType: 'withdrawal', targetId: input.id, before, after, reason: input.reason }),
    ),
  adminAnchorApplicationList: ({ server, input }) => adminAnchorApplicationList(server, input),
  adminReviewAnchorApplication: ({ server, me, input, request }) =>
    reviewAnchorApplication(server, me().id, input, (trx, before, after) =>
      recordAdminAction(trx, server, { user: me(), request }, {
        action: `anchor_application.${input.decision}`,
        targetType: 'anchor_application',
        targetId: input.id,
        before,
        after,
        reason: input.reason,
      }),
    ),
  adminExpertApplicationList: ({ server, input }) => adminExpertApplicationList(server, input),
  adminReviewExpertApplication: ({ server, me, input, request }) =>
    reviewExpertApplication(server, me().id, input, (trx, before, after) =>
      recordAdminAction(trx, server, { user: me(), request }, {
        action: `expert_application.${input.decision}`,
        targetType: 'expert_application',
        targetId: input.id,
        before: { status: before.status },
        after: { status: after.status, reason: after.reason },
        reason: input.reason,
      }),
    ),
  adminUserList: ({ server, input }) => adminUserList(server, input),
  adminSetUserBan: ({ server, me, input, request }) => setUserBan(server, { user: me(), request }, input),
  adminSetUserMute: ({ server, me, input, request }) => setUserMute(server, { user: me(), request }, input),
  adminSetUserRoles: ({ server, me, input, request }) => setUserRoles(server, { user: me(), request }, input),
  adminResetPassword: ({ server, me, input, request }) => resetPassword(server, { user: me(), request }, input),
  adminSettings: ({ server }) => siteSettings(server),
  adminUpdateSettings: ({ server, me, input, request }) => updateSiteSettings(server, { user: me(), request }, input),
  adminAuditLog: ({ server, input }) => auditLogPage(server, input),
  adminChargeRuleList: ({ server }) => adminChargeRules(server),
  adminSaveChargeRule: ({ server, me, input, request }) => saveChargeRule(server, { user: me(), request }, input),
  // Any logged-in user reports; the queue and its decisions are the admins'.
  reportSubmit: ({ server, me, input }) => submitReport(server, me().id, input),
  adminReportList: ({ server, input }) => adminReportList(server, input),
  adminReviewReport: ({ server, me, input, request }) => reviewReport(server, { user: me(), request }, input),
  adminHeadlineList: ({ server, input, request }) => adminHeadlineList(server, input, languageOf(request.headers)),
  adminReviewHeadline: ({ server, me, input, request }) =>
    reviewHeadline(server, me().id, input, languageOf(request.headers), (trx, before, after) =>
      recordAdminAction(trx, server, { user: me(), request }, {
        action: `headline.${input.decision}`,
        targetType: 'headline',
        targetId: input.id,
        before: { status: before.status },
        after: { status: after.status, reason: after.reason },
        reason: input.reason,
      }),
    ),
  adminVideoReviewList: ({ server, input, request }) => adminVideoReviewList(server, input, languageOf(request.headers)),
  adminReviewVideo: ({ server, me, input, request }) =>
    reviewVideo(server, input, languageOf(request.headers), (trx, before, after) =>
      recordAdminAction(trx, server, { user: me(), request }, {
        action: `video.${input.decision}`,
        targetType: 'video',
        targetId: input.id,
        before: { status: before.status },
        after: { status: after.status, reason: after.reason, author_id: after.user_id, title: after.title },
        reason: input.reason,
      }),
    ),
  adminPromoList: ({ server }) => adminPromoList(server),
  adminSavePromo: ({ server, me, input, request }) =>
    savePromo(server, me().id, input, (trx, before, after) =>
      recordAdminAction(trx, server, { user: me(), request }, {
        action: `${input.kind}.${before ? 'update' : 'create'}`,
        targetType: input.kind,
        targetId: after.id,
        before,
        after,
      }),
    ),
  adminDeletePromo: ({ server, me, input, request }) =>
    deletePromo(server, input, (trx, before) =>
      recordAdminAction(trx, server, { user: me(), request }, { action: `${input.kind}.delete`, targetType: input.kind, targetId: input.id, before, after: null }),
    ),
});
