// What an anchor writes on their room, in characters (the contract's Live/setLiveInfo and Live/setPlacard).

/** The room's title. */
export const roomTitleMaxLength = 40;

/** The room's announcement (SPEC §5). */
export const roomPlacardMaxLength = 50;
