// What other areas may use of the account area, each name taken from the file that defines it. An area reaches
// another only through that area's public file (README, Layout), and lint holds it.

export { forgetSessions, forgetSessionsWhenTold } from './session-service.ts';
export { forgetSiteMutes, refuseSiteMuted, siteMuteMessages, siteMuteRefusal } from './site-mute.ts';
export { smsPurposeOf, spendSmsCode } from './sms-code-service.ts';
export { coverRule, reencodeCover, refuseUpload, stageChecked, uploadMessages, uploadRuleOf, writeChecked } from './upload-service.ts';
export type { UploadRule, WrittenFile } from './upload-service.ts';
