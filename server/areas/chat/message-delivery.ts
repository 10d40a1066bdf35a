import type { components } from '../../../src/api/schema.d.ts';
import type { ServerContext } from '../../ports/server-context.ts';
import { memberChannel } from '../../realtime/messaging-hub.ts';
import { conversationList, groupMemberIds } from './conversation-service.ts';
import type { Conversation, ImMessage } from './message-service.ts';

// Private chat reaches every open tab of each member, on every server process, through the bus channel of the
// member (the messaging hub subscribes a process to it while the member has a tab there).

type ImServerMessage = components['schemas']['ImServerMessage'];


export async function pushToMember(server: ServerContext, userId: number, frame: ImServerMessage): Promise<void> {
  await server.bus.publish(memberChannel(String(userId)), { frame });
}

/** Pushes the changed conversation, as each of `userIds` sees it, to all their tabs. */
export async function pushConversation(
  server: ServerContext,
  userIds: readonly number[],
  conversationFor: (userId: number) => Conversation,
): Promise<void> {
  await Promise.all(
    userIds.map(async (userId) => {
      const [conversation] = await conversationList(server, userId, conversationFor(userId));
      if (conversation) await pushToMember(server, userId, { type: 'conversation', conversation });
    }),
  );
}

/** Delivers a stored private message to every tab of every side, then the conversation it changed. */
export async function deliverMessage(server: ServerContext, message: ImMessage, conversation: Conversation, senderId: number): Promise<void> {
  if (conversation.kind === 'c2c') {
    const peerId = Number(conversation.peerID);
    const seenByPeer: ImMessage = { ...message, conversationID: `C2C${String(senderId)}` };
    await Promise.all([
      pushToMember(server, peerId, { type: 'message', message: seenByPeer }),
      pushToMember(server, senderId, { type: 'message', message }),
    ]);
    await pushConversation(server, [senderId, peerId], (userId) => (userId === senderId ? conversation : { kind: 'c2c', peerID: String(senderId) }));
    return;
  }
  if (conversation.kind !== 'group') return;
  const members = await groupMemberIds(server, conversation.groupId);
  await Promise.all(members.map((userId) => pushToMember(server, userId, { type: 'message', message })));
  await pushConversation(server, members, () => conversation);
}
