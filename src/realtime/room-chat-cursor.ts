import type { ImMessage, JoinedGroup, MessagingPort } from './messaging-port.ts';

// Where a live room's chat stands on one page, across its joins: which lines the page holds, so a line heard twice
// (pushed and read, replayed after a reconnect, or the answer to the viewer's own send and then its push) shows
// once, and the last line of the room's ordered stream, which a join after a reconnect resumes from.

/** Lines remembered to drop a second copy; far more than the page keeps, and a copy comes within seconds. */
export const rememberedLines = 1000;

/** How a message reached the page. */
export type ChatArrival =
  /** Read from the database (a history page, or a sync after a resync): every line up to the newest. */
  | 'page'
  /** Pushed to the joined connection (live, or replayed by a resuming join): in the room's order. */
  | 'push'
  /** The answer to the viewer's own send: it can overtake the push of a line said just before it. */
  | 'sent';

export class RoomChatCursor {
  /** Who the viewer is to messaging: their lines show as theirs. */
  me: string | null = null;
  /**
   * The newest line the page holds with every line before it read or pushed in order; 0 until the first page.
   * A send's answer does not count: the push of a line said just before it may still be on its way.
   */
  resumeAfter = 0;
  #loaded = false;
  readonly #held = new Set<number>();

  loggedInAs(userID: string): void {
    this.me = userID;
  }

  /** Where a join starts: after the last line held in order, or (nothing read yet) from the latest page. */
  get joinAfter(): number | undefined {
    return this.#loaded ? this.resumeAfter : undefined;
  }

  /** The messages the page does not hold yet, in the order given; from now on held. */
  take(messages: readonly ImMessage[], arrival: ChatArrival): ImMessage[] {
    if (arrival === 'page') this.#loaded = true;
    const fresh: ImMessage[] = [];
    for (const message of messages) {
      // A push before the first page is read does not move the resume point: the lines before it are not held.
      if (arrival === 'page' || (arrival === 'push' && this.#loaded)) this.resumeAfter = Math.max(this.resumeAfter, message.sequence);
      if (this.#held.has(message.sequence)) continue;
      this.#held.add(message.sequence);
      fresh.push(message);
    }
    // A Set iterates in insertion order: the first ones are the oldest heard.
    for (const sequence of this.#held) {
      if (this.#held.size <= rememberedLines) break;
      this.#held.delete(sequence);
    }
    return fresh;
  }
}

/**
 * Joins a room's chat group from where `cursor` stands: on entry, then the latest page of history; joining again
 * (after a reconnect, to any server process), from the last line held, so the server replays what was missed as
 * pushes (each taken by the caller's listener as 'push'), or answers resync and the missed lines are read from the
 * database here, page by page. `took` gets the messages read that the page did not hold.
 */
export async function joinRoomChat(
  messaging: Pick<MessagingPort, 'joinGroup' | 'getHistory' | 'syncMessages'>,
  groupID: string,
  cursor: RoomChatCursor,
  took: (messages: ImMessage[]) => void,
): Promise<JoinedGroup> {
  const conversationID = `GROUP${groupID}`;
  const after = cursor.joinAfter;
  const joined = await messaging.joinGroup(groupID, after);
  if (after === undefined) took(cursor.take((await messaging.getHistory(conversationID)).messages, 'page'));
  else if (joined.resync) {
    for (let more = true; more; ) {
      const page = await messaging.syncMessages(conversationID, cursor.resumeAfter);
      took(cursor.take(page.messages, 'page'));
      more = !page.isCompleted && page.messages.length > 0;
    }
  }
  return joined;
}
