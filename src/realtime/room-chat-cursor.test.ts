import { describe, expect, it } from 'vitest';
import type { ImMessage } from './messaging-port.ts';
import { rememberedLines, RoomChatCursor } from './room-chat-cursor.ts';

function line(sequence: number): ImMessage {
  return {
    ID: String(sequence),
    clientMsgID: `c${String(sequence)}`,
    conversationID: 'GROUPlive7',
    conversationType: 'GROUP',
    from: '301',
    to: 'live7',
    nick: 'fan',
    avatar: '',
    time: 1_764_000_000 + sequence,
    sequence,
    type: 'TIMTextElem',
    payload: { text: `line ${String(sequence)}` },
  };
}
const lines = (...sequences: number[]) => sequences.map(line);
const sequencesOf = (messages: ImMessage[]) => messages.map((message) => message.sequence);

describe('where a room chat resumes', () => {
  it('joins from the latest page until a page is read, then after the last line read or pushed', () => {
    const cursor = new RoomChatCursor();
    expect(cursor.joinAfter).toBeUndefined();
    // A push that overtakes the first page does not say the lines before it are held.
    expect(sequencesOf(cursor.take(lines(9), 'push'))).toEqual([9]);
    expect(cursor.joinAfter).toBeUndefined();
    expect(sequencesOf(cursor.take(lines(6, 7, 8, 9), 'page'))).toEqual([6, 7, 8]);
    expect(cursor.joinAfter).toBe(9);
    cursor.take(lines(10, 11), 'push');
    expect(cursor.joinAfter).toBe(11);
  });

  it('an empty room resumes from 0 once its page is read', () => {
    const cursor = new RoomChatCursor();
    cursor.take([], 'page');
    expect(cursor.joinAfter).toBe(0);
  });

  it("does not move past a line whose push may still come when the viewer's own send is answered first", () => {
    const cursor = new RoomChatCursor();
    cursor.take(lines(1, 2), 'page');
    expect(sequencesOf(cursor.take(lines(4), 'sent'))).toEqual([4]);
    expect(cursor.joinAfter).toBe(2);
    // Line 3's push, then the push of the viewer's own line 4, which is not shown twice.
    expect(sequencesOf(cursor.take(lines(3), 'push'))).toEqual([3]);
    expect(sequencesOf(cursor.take(lines(4), 'push'))).toEqual([]);
    expect(cursor.joinAfter).toBe(4);
  });

  it('drops every copy of a line held, from any path', () => {
    const cursor = new RoomChatCursor();
    cursor.take(lines(1, 2, 3), 'page');
    expect(sequencesOf(cursor.take(lines(2, 3, 4, 4, 5), 'push'))).toEqual([4, 5]);
    expect(sequencesOf(cursor.take(lines(3, 4, 5, 6), 'page'))).toEqual([6]);
    expect(cursor.joinAfter).toBe(6);
  });

  it('remembers a bounded number of lines, the newest', () => {
    const cursor = new RoomChatCursor();
    const many = Array.from({ length: rememberedLines + 10 }, (_, index) => index + 1);
    cursor.take(lines(...many), 'page');
    const newest = many.at(-1)!;
    expect(cursor.take(lines(newest), 'push')).toEqual([]);
    // Long forgotten: a copy this old would come back, but no path delivers one a thousand lines late.
    expect(sequencesOf(cursor.take(lines(1), 'push'))).toEqual([1]);
    expect(cursor.joinAfter).toBe(newest);
  });
});
