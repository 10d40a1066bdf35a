import type { AreaHandlers } from '../../contract/operation-types.ts';
import { memberProfile, publicProfile, updateProfile } from './profile-service.ts';
import { avatarList, customerServiceInfo, guestMessagingAccount, kickoutList, siteConfig } from './site-service.ts';

export const accountHandlers: AreaHandlers = {
  universalGetConfig: ({ server, request }) => siteConfig(server, request),
  userGetKefuInfo: ({ server }) => customerServiceInfo(server),
  userAvatarList: ({ server }) => avatarList(server),
  liveLiveKickoutList: ({ server, user }) => kickoutList(server, user?.id ?? null),
  universalImTouristAccount: ({ server }) => guestMessagingAccount(server),
  memberInfo: ({ server, me }) => memberProfile(server, me().id),
  userGetUserInfo: ({ server, input, user }) => publicProfile(server, input.uid, user?.id ?? null),
  memberUpdateInfo: ({ server, input, me }) => updateProfile(server, me().id, input),
};
