import { defineAreaHandlers } from '../../ports/area-handlers.ts';
import { relationOf, setBlock } from './conversation-service.ts';
import {
  addGroupMembers,
  addressBook,
  createGroup,
  dissolveGroup,
  groupMembers,
  leaveGroup,
  recommendedGroups,
  recommendedUsers,
} from './group-service.ts';
import { guestMessagingAccount } from './messaging-account-service.ts';
import { openRedEnvelope, redEnvelopeDetail, sendRedEnvelope } from './red-envelope-service.ts';

export const chatHandlers = defineAreaHandlers('chat', {
  universalImTouristAccount: ({ server }) => guestMessagingAccount(server),
  groupCrossCorrelation: ({ server, input, me }) => relationOf(server, me().id, input.uid),
  groupSetBlock: ({ server, input, me }) => setBlock(server, me().id, input.uid, input.block === 1),
  groupGetRecommendUserList: ({ server, input, me }) => recommendedUsers(server, me().id, input.limit),
  groupGetRecommendGroupList: ({ server, input, me }) => recommendedGroups(server, me().id, input.limit),
  groupAddressBook: ({ server, me }) => addressBook(server, me().id),
  groupAddgroup: ({ server, input, me }) => createGroup(server, me().id, input),
  groupAddGroupUser: ({ server, input, me }) => addGroupMembers(server, me().id, input.group_id, input.member_ids),
  groupDestroyGroupNew: ({ server, input, me }) => dissolveGroup(server, me().id, input.group_id),
  groupGroupMembers: ({ server, input, me }) => groupMembers(server, me().id, input.group_id),
  groupQuitGroup: ({ server, input, me }) => leaveGroup(server, me().id, input.group_id),
  redenvelopeInsert: ({ server, input, me, idempotencyKey }) => sendRedEnvelope(server, me().id, input, idempotencyKey),
  redenvelopeGetRedInfo: ({ server, input, me }) => redEnvelopeDetail(server, me().id, input.red_id),
  redenvelopeReceiveRed: ({ server, input, me, idempotencyKey }) => openRedEnvelope(server, me().id, input.red_id, idempotencyKey),
});
