// Lengths in characters (code points: an emoji counts once), as both the composer and the server count them.

/** A room chat line: short, as danmaku over the picture must be. */
export const roomChatMaxLength = 100;

/** A private or group chat text (the contract's ImTextPayload.text). */
export const privateChatMaxLength = 500;
