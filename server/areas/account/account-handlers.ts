import { defineAreaHandlers } from '../../ports/area-handlers.ts';
import { humanCheckStrength, logIn, loginMessages, register, resetPassword, signOut } from './login-service.ts';
import { memberProfile, publicProfile, updateProfile } from './profile-service.ts';
import { confirmLoginQrcode, createLoginQrcode, scanLoginQrcode } from './qr-login-service.ts';
import { avatarList, customerServiceInfo, siteConfig } from './site-service.ts';
import { sendSmsCode } from './sms-code-service.ts';
import { storeUpload } from './upload-service.ts';
import { issueUploadToken } from './upload-token-service.ts';

export const accountHandlers = defineAreaHandlers('account', {
  universalGetConfig: ({ server, request }) => siteConfig(server, request),
  userGetKefuInfo: ({ server }) => customerServiceInfo(server),
  userAvatarList: ({ server }) => avatarList(server),
  memberInfo: ({ server, me }) => memberProfile(server, me().id),
  userGetUserInfo: ({ server, input, user }) => publicProfile(server, input.uid, user?.id ?? null),
  memberUpdateInfo: ({ server, input, me }) => updateProfile(server, me().id, input),
  memberGetQiniuToken: ({ server, input, me }) => issueUploadToken(server, me().id, input.kind ?? 'image'),
  upload: ({ server, request, me }) => storeUpload(server, request, me().id),
  altchaChallenge: async ({ server, request }) => server.captcha.challenge(await humanCheckStrength(server, request.ip)),
  userGetCode: ({ server, input, request }) => sendSmsCode(server, input, request.ip),
  userLogin: ({ server, input, request }) => logIn(server, input, request.ip),
  userRegistered: async ({ server, input, request, say }) => {
    const session = await register(server, input, request.ip);
    say(loginMessages.registered);
    return session;
  },
  userForgotPassword: async ({ server, input, say }) => {
    await resetPassword(server, input);
    say(loginMessages.passwordReset);
    return null;
  },
  memberSignOut: async ({ server, me }) => {
    await signOut(server, me().sessionId);
    return null;
  },
  userGetLoginQrcode: ({ server, request }) =>
    createLoginQrcode(server, { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' }),
  userScanLoginQrcode: ({ server, input, me }) => scanLoginQrcode(server, me().id, input.code),
  userConfirmLoginQrcode: ({ server, input, me }) => confirmLoginQrcode(server, me(), input.code),
});
