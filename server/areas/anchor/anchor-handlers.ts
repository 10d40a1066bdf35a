import { defineAreaHandlers } from '../../ports/area-handlers.ts';
import { anchorLevels, applyForAnchor, verifiedInfo } from './anchor-application-service.ts';

/** The anchor area's calls: applying to be an anchor and its review status, the anchor levels. */
export const anchorHandlers = defineAreaHandlers('anchor', {
  memberVerified: ({ server, me, input }) => applyForAnchor(server, me().id, input),
  memberGetVerifiedInfo: ({ server, me }) => verifiedInfo(server, me().id),
  userAnchorExperienceList: ({ server }) => anchorLevels(server),
});
