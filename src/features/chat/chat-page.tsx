import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import { useApi } from '../../api/api-context.tsx';
import { uploadChatFile, useAddressBook, useCreateGroup, useRecommendedGroups, useRecommendedUsers } from '../../api/queries/chat.ts';
import { useSubmitReport } from '../../api/queries/report.ts';
import { formatTime, fromTimestamp } from '../../i18n/relative-time.ts';
import { useMessage } from '../../i18n/use-message.ts';
import { useReportLabels } from '../../i18n/use-report-labels.ts';
import type { ImConversation } from '../../realtime/messaging-port.ts';
import { useStoredUser } from '../../realtime/stored-user.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { emojiNames, emojiUrl } from '../../ui/emoji-table.ts';
import { EmptyState } from '../../ui/empty-state.tsx';
import { ReportAction } from '../../ui/report-form.tsx';
import { Tabs } from '../../ui/tabs.tsx';
import { ChatMessage, EmojiText, summaryOf, type ChatCard } from './chat-message.tsx';
import styles from './chat-page.module.css';
import { GroupMembersDialog } from './group-members-dialog.tsx';
import { RedEnvelopeDialog, SendRedEnvelopeDialog } from './red-envelope-dialogs.tsx';
import { showsTime, usePrivateChat, type PrivateChat } from './use-private-chat.ts';
import { NoticesPane, useUnreadNotices } from './notices-pane.tsx';

type Translate = ReturnType<typeof useMessage>;

/** /chat-chat (SPEC §2, nav 12): private chat, for logged-in users only. */
export function ChatPage({ title }: { title: string }) {
  const t = useMessage();
  const user = useStoredUser();
  if (!user) {
    return (
      <section className={styles.page}>
        <h1 className="ps-visually-hidden">{title}</h1>
        <EmptyState icon="user" title={t('member.loginToRetry')} />
      </section>
    );
  }
  return <ChatScreen me={String(user.id)} title={title} />;
}

function peerOf(conversation: ImConversation, t: Translate): { name: string; avatar: string } {
  if (conversation.groupProfile) return { name: conversation.groupProfile.name, avatar: conversation.groupProfile.avatar };
  return { name: conversation.userProfile?.nick || t('chat.noNick'), avatar: conversation.userProfile?.avatar ?? '' };
}

function ChatScreen({ me, title }: { me: string; title: string }) {
  const t = useMessage();
  const chat = usePrivateChat(me);
  const [tab, setTab] = useState<'conversations' | 'contacts' | 'notices'>('conversations');
  const unreadNotices = useUnreadNotices();
  const current = chat.conversations?.find((item) => item.conversationID === chat.openID) ?? null;
  const startTalk = (userId: number, nick: string, avatar: string) => {
    const conversationID = `C2C${String(userId)}`;
    chat.openConversation(conversationID, {
      conversationID,
      type: 'C2C',
      userProfile: { userID: String(userId), nick, avatar },
      lastMessage: null,
      unreadCount: 0,
    });
    setTab('conversations');
  };
  const openGroup = (id: number, name: string, avatar: string, ownerID: number) => {
    const conversationID = `GROUP${String(id)}`;
    chat.openConversation(conversationID, {
      conversationID,
      type: 'GROUP',
      groupProfile: { groupID: String(id), name, avatar, ownerID: String(ownerID) },
      lastMessage: null,
      unreadCount: 0,
    });
    setTab('conversations');
  };
  return (
    <section className={chat.openID ? `${styles.page} ${styles.talking}` : styles.page} aria-label={t('route.chatChat')}>
      <h1 className="ps-visually-hidden">{title}</h1>
      <aside className={styles.side}>
        <Tabs
          label={t('route.chatChat')}
          tabs={[
            { key: 'conversations', label: chat.unreadTotal > 0 ? `${t('chat.conversations')} (${String(chat.unreadTotal)})` : t('chat.conversations') },
            { key: 'contacts', label: t('chat.contacts') },
            { key: 'notices', label: unreadNotices > 0 ? `${t('notices.title')} (${String(unreadNotices)})` : t('notices.title') },
          ]}
          selected={tab}
          onSelect={setTab}
        >
          {tab === 'conversations' ? (
            <ConversationList chat={chat} />
          ) : tab === 'contacts' ? (
            <Contacts onTalk={startTalk} onOpenGroup={openGroup} />
          ) : (
            <NoticesPane />
          )}
        </Tabs>
      </aside>
      <div className={styles.main}>
        {current ? <ConversationView chat={chat} conversation={current} me={me} /> : <EmptyState icon="chat" title={t('chat.pick')} />}
      </div>
    </section>
  );
}

function ConversationList({ chat }: { chat: PrivateChat }) {
  const t = useMessage();
  const intl = useIntl();
  if (chat.conversations === null) return <p className={styles.muted}>{t('common.loading')}</p>;
  if (chat.conversations.length === 0) return <p className={styles.muted}>{t('chat.empty')}</p>;
  return (
    <ul className={styles.conversations} aria-label={t('chat.conversations')}>
      {chat.conversations.map((conversation) => {
        const peer = peerOf(conversation, t);
        const last = conversation.lastMessage;
        return (
          <li key={conversation.conversationID}>
            <button
              type="button"
              className={conversation.conversationID === chat.openID ? `${styles.conversation} ${styles.selected}` : styles.conversation}
              onClick={() => chat.openConversation(conversation.conversationID)}
              aria-current={conversation.conversationID === chat.openID ? 'true' : undefined}
            >
              <img className={styles.avatar} src={peer.avatar || '/emoji/group.svg'} alt="" width={44} height={44} />
              <span className={styles.conversationText}>
                <span className={styles.conversationTop}>
                  <span className={styles.peerName} data-user-content>
                    {peer.name}
                  </span>
                  {last ? <span className={styles.conversationTime}>{formatTime(intl, fromTimestamp(last.time))}</span> : null}
                </span>
                <span className={styles.lastMessage} data-user-content>
                  {last ? <EmojiText text={summaryOf(last, t)} /> : null}
                </span>
              </span>
              {conversation.unreadCount > 0 ? (
                <span className={styles.badge} aria-label={t('chat.unreadCount', { count: conversation.unreadCount })}>
                  {conversation.unreadCount > 99 ? '99+' : conversation.unreadCount}
                </span>
              ) : null}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

function ConversationView({ chat, conversation, me }: { chat: PrivateChat; conversation: ImConversation; me: string }) {
  const reportLabels = useReportLabels();
  const report = useSubmitReport();
  const t = useMessage();
  const api = useApi();
  const user = useStoredUser();
  const list = useRef<HTMLOListElement>(null);
  const [viewing, setViewing] = useState<string | null>(null);
  const [emojiOpen, setEmojiOpen] = useState(false);
  const [upload, setUpload] = useState<{ name: string; share: number } | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [sendingEnvelope, setSendingEnvelope] = useState(false);
  const [showingMembers, setShowingMembers] = useState(false);
  const [openEnvelope, setOpenEnvelope] = useState<number | null>(null);
  const onOpenCard = (card: ChatCard) => {
    if (card.type === 'red_envelope' && Number(card.id) > 0) setOpenEnvelope(Number(card.id));
  };
  const peer = peerOf(conversation, t);
  const { messages } = chat.open;
  const times = showsTime(messages);
  const keepOffset = useRef<number | null>(null);

  // New messages at the bottom keep the list at the bottom; an older page above keeps the place in view.
  useLayoutEffect(() => {
    const element = list.current;
    if (!element) return;
    if (keepOffset.current !== null) {
      element.scrollTop = element.scrollHeight - keepOffset.current;
      keepOffset.current = null;
    } else element.scrollTop = element.scrollHeight;
  }, [messages, chat.pending]);

  function onScroll() {
    const element = list.current;
    if (!element || element.scrollTop > 40 || chat.open.isCompleted || chat.open.loadingOlder) return;
    keepOffset.current = element.scrollHeight - element.scrollTop;
    chat.loadOlder();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      chat.composer.send({ type: 'draft.send', to: conversation.conversationID });
    }
  }

  async function attach(file: File | undefined, asFile: boolean) {
    if (!file || !user) return;
    setUploadError(null);
    setUpload({ name: file.name, share: 0 });
    try {
      const stored = await uploadChatFile(api, user.token, file, asFile ? 'file' : 'picture', (share) => setUpload({ name: file.name, share }));
      if (!asFile && stored.contentType.startsWith('image/')) {
        const size = await imageSize(stored.path);
        chat.composer.send({ type: 'attachment.send', to: conversation.conversationID, messageType: 'TIMImageElem', payload: { url: stored.path, ...size } });
      } else {
        chat.composer.send({ type: 'attachment.send', to: conversation.conversationID, messageType: 'TIMFileElem', payload: { name: file.name.slice(0, 200), url: stored.path, size: stored.bytes } });
      }
    } catch (error) {
      setUploadError(error instanceof Error ? error.message : t('chat.uploadFailed'));
    } finally {
      setUpload(null);
    }
  }

  // Mine not yet stored, written here: the stored copy, once in the list, takes its place.
  const pendingShown = (chat.pending?.messages ?? []).filter(
    (outgoing) => outgoing.conversationID === conversation.conversationID && !messages.some((message) => message.clientMsgID === outgoing.clientMsgID),
  );
  const failedShown = chat.pending?.failed && chat.pending.messages[0]?.conversationID === conversation.conversationID ? chat.pending.error : null;
  return (
    <div className={styles.conversationView}>
      <header className={styles.header}>
        <button type="button" className={styles.back} onClick={() => chat.openConversation(null)} aria-label={t('chat.back')}>
          ‹
        </button>
        <h2 className={styles.title}>{peer.name}</h2>
        {conversation.groupProfile ? (
          <button type="button" className={`${styles.tool} ${styles.headerAction}`} onClick={() => setShowingMembers(true)}>
            {t('chat.groupMembers')}
          </button>
        ) : null}
      </header>
      <ol className={styles.messages} ref={list} onScroll={onScroll} aria-label={t('chat.messages')} aria-live="polite">
        {chat.open.loadingOlder ? <li className={styles.muted}>{t('common.loading')}</li> : null}
        {chat.open.isCompleted && messages.length > 0 ? <li className={styles.muted}>{t('chat.noOlder')}</li> : null}
        {messages.map((message, index) => (
          <ChatMessage
            key={message.ID}
            message={message}
            mine={message.from === me}
            showTime={times[index] ?? false}
            status="sent"
            onOpenImage={setViewing}
            onOpenCard={onOpenCard}
            report={<ReportAction quiet labels={reportLabels} send={(body) => report.mutateAsync({ target_type: 'chat_message', target_id: Number(message.ID), ...body })} />}
          />
        ))}
        {pendingShown.map((outgoing) => (
          <ChatMessage
            key={outgoing.clientMsgID}
            message={{
              type: outgoing.messageType,
              payload: outgoing.payload,
              nick: user?.profile.user_nickname ?? '',
              avatar: user?.profile.avatar ?? '',
              time: messages.at(-1)?.time ?? 0,
              conversationType: conversation.type,
            }}
            mine
            showTime={false}
            status={chat.pending?.failed && outgoing === chat.pending.messages[0] ? 'failed' : 'sending'}
            onRetry={() => chat.composer.send({ type: 'send.retry' })}
            onOpenImage={setViewing}
          />
        ))}
      </ol>
      {failedShown ? <p className={styles.error}>{failedShown}</p> : null}
      {uploadError ? <p className={styles.error}>{uploadError}</p> : null}
      {upload ? (
        <p className={styles.progress}>
          {t('chat.uploading', { name: upload.name, percent: Math.round(upload.share * 100) })}
          <progress max={1} value={upload.share} />
        </p>
      ) : null}
      <div className={styles.composer}>
        <div className={styles.tools}>
          <button type="button" className={styles.tool} onClick={() => setEmojiOpen(!emojiOpen)} aria-expanded={emojiOpen} aria-label={t('chat.emoji')}>
            <img src={emojiUrl(0)} alt="" width={22} height={22} />
          </button>
          <label className={styles.tool}>
            <span>{t('chat.image')}</span>
            <input
              type="file"
              accept="image/png,image/jpeg,image/gif,image/webp"
              className={styles.hiddenInput}
              onChange={(event) => {
                void attach(event.target.files?.[0], false);
                event.target.value = '';
              }}
            />
          </label>
          <label className={styles.tool}>
            <span>{t('chat.file')}</span>
            <input
              type="file"
              className={styles.hiddenInput}
              onChange={(event) => {
                void attach(event.target.files?.[0], true);
                event.target.value = '';
              }}
            />
          </label>
          <button type="button" className={styles.tool} onClick={() => setSendingEnvelope(true)}>
            {t('chat.redEnvelope')}
          </button>
        </div>
        {emojiOpen ? (
          <div className={styles.emojiPicker} role="listbox" aria-label={t('chat.emoji')}>
            {emojiNames.map((name, index) => (
              <button
                key={name}
                type="button"
                role="option"
                aria-selected={false}
                className={styles.emojiOption}
                title={`[${name}]`}
                onClick={() => {
                  chat.composer.send({ type: 'draft.changed', text: `${chat.draft}[${name}]` });
                  setEmojiOpen(false);
                }}
              >
                <img src={emojiUrl(index)} alt={`[${name}]`} width={24} height={24} />
              </button>
            ))}
          </div>
        ) : null}
        <textarea
          className={styles.input}
          value={chat.draft}
          onChange={(event) => chat.composer.send({ type: 'draft.changed', text: event.target.value })}
          onKeyDown={onKeyDown}
          placeholder={t('chat.placeholder')}
          aria-label={t('chat.placeholder')}
          rows={3}
        />
        <div className={styles.sendRow}>
          <Button variant="primary" disabled={!chat.canSend} onClick={() => chat.composer.send({ type: 'draft.send', to: conversation.conversationID })}>
            {t('chat.send')}
          </Button>
        </div>
      </div>
      {sendingEnvelope ? (
        <SendRedEnvelopeDialog
          target={conversation.groupProfile ? { group_id: Number(conversation.groupProfile.groupID) } : { to_uid: Number(conversation.userProfile?.userID) }}
          onClose={() => setSendingEnvelope(false)}
        />
      ) : null}
      {showingMembers && conversation.groupProfile ? (
        <GroupMembersDialog
          groupId={Number(conversation.groupProfile.groupID)}
          isOwner={conversation.groupProfile.ownerID === me}
          onClose={() => setShowingMembers(false)}
          onLeft={() => {
            setShowingMembers(false);
            chat.openConversation(null);
          }}
        />
      ) : null}
      {openEnvelope !== null ? <RedEnvelopeDialog redId={openEnvelope} onClose={() => setOpenEnvelope(null)} /> : null}
      <Dialog open={viewing !== null} title={t('chat.imageMessage')} onClose={() => setViewing(null)} closeLabel={t('common.close')} width={900}>
        {viewing ? <img src={viewing} alt={t('chat.imageMessage')} className={styles.viewerImage} /> : null}
      </Dialog>
    </div>
  );
}

/** The natural size of a stored picture (the server reads PNG and GIF headers only). */
function imageSize(url: string): Promise<{ width: number; height: number }> {
  return new Promise((resolve) => {
    const image = new Image();
    image.onload = () => resolve({ width: Math.max(1, image.naturalWidth), height: Math.max(1, image.naturalHeight) });
    image.onerror = () => resolve({ width: 1, height: 1 });
    image.src = url;
  });
}

/** One person or group in the contacts, opened by a click. */
function ContactRow({ avatar, name, disabled = false, onOpen }: { avatar: string; name: string; disabled?: boolean; onOpen: () => void }) {
  return (
    <li>
      <button type="button" className={styles.person} disabled={disabled} onClick={onOpen}>
        <img className={styles.smallAvatar} src={avatar} alt="" width={32} height={32} />
        <span>{name}</span>
      </button>
    </li>
  );
}

function Contacts({
  onTalk,
  onOpenGroup,
}: {
  onTalk: (userId: number, nick: string, avatar: string) => void;
  onOpenGroup: (id: number, name: string, avatar: string, ownerID: number) => void;
}) {
  const t = useMessage();
  const book = useAddressBook(true);
  const users = useRecommendedUsers(true);
  const groups = useRecommendedGroups(true);
  const [creating, setCreating] = useState(false);
  return (
    <div className={styles.contacts}>
      <Button onClick={() => setCreating(true)}>{t('chat.createGroup')}</Button>
      {book.isPending ? <p className={styles.muted}>{t('common.loading')}</p> : null}
      {book.data?.sections.map((section) => (
        <section key={section.letter} aria-label={section.letter}>
          <h3 className={styles.letter}>{section.letter}</h3>
          <ul className={styles.people}>
            {section.users.map((person) => (
              <ContactRow
                key={person.id}
                avatar={person.avatar}
                name={person.user_nickname || t('chat.noNick')}
                onOpen={() => onTalk(person.id, person.user_nickname, person.avatar)}
              />
            ))}
          </ul>
        </section>
      ))}
      {book.data && book.data.groups.length > 0 ? (
        <section>
          <h3 className={styles.letter}>{t('chat.myGroups')}</h3>
          <ul className={styles.people}>
            {book.data.groups.map((group) => (
              <ContactRow key={group.id} avatar={group.avatar} name={group.name} onOpen={() => onOpenGroup(group.id, group.name, group.avatar, group.owner.id)} />
            ))}
          </ul>
        </section>
      ) : null}
      <section>
        <h3 className={styles.letter}>{t('chat.recommendedUsers')}</h3>
        <ul className={styles.people}>
          {users.data?.map((person) => (
            <ContactRow
              key={person.id}
              avatar={person.avatar}
              name={person.user_nickname || t('chat.noNick')}
              onOpen={() => onTalk(person.id, person.user_nickname, person.avatar)}
            />
          ))}
        </ul>
      </section>
      <section>
        <h3 className={styles.letter}>{t('chat.recommendedGroups')}</h3>
        <ul className={styles.people}>
          {groups.data?.length === 0 ? <li className={styles.muted}>{t('common.noData')}</li> : null}
          {groups.data?.map((group) => (
            <ContactRow
              key={group.id}
              avatar={group.avatar}
              name={`${group.name} · ${t('chat.members', { count: group.member_count })}`}
              disabled={group.is_member !== 1}
              onOpen={() => onOpenGroup(group.id, group.name, group.avatar, group.owner.id)}
            />
          ))}
        </ul>
      </section>
      {creating ? (
        <CreateGroupDialog
          candidates={[...(book.data?.sections.flatMap((section) => section.users) ?? []), ...(users.data ?? [])]}
          onClose={() => setCreating(false)}
          onCreated={(group) => {
            setCreating(false);
            onOpenGroup(group.id, group.name, group.avatar, group.owner.id);
          }}
        />
      ) : null}
    </div>
  );
}

function CreateGroupDialog({
  candidates,
  onClose,
  onCreated,
}: {
  candidates: { id: number; user_nickname: string; avatar: string }[];
  onClose: () => void;
  onCreated: (group: { id: number; name: string; avatar: string; owner: { id: number } }) => void;
}) {
  const t = useMessage();
  const create = useCreateGroup();
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<number[]>([]);
  const people = [...new Map(candidates.map((person) => [person.id, person])).values()];
  return (
    <Dialog
      open
      title={t('chat.createGroup')}
      onClose={onClose}
      closeLabel={t('common.close')}
      footer={
        <>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button
            variant="primary"
            disabled={name.trim() === '' || chosen.length === 0 || create.isPending}
            onClick={() => create.mutate({ name: name.trim(), member_ids: chosen }, { onSuccess: onCreated })}
          >
            {t('chat.create')}
          </Button>
        </>
      }
    >
      <label className={styles.field}>
        <span>{t('chat.groupName')}</span>
        <input value={name} maxLength={30} onChange={(event) => setName(event.target.value)} />
      </label>
      <ul className={styles.choices}>
        {people.map((person) => (
          <li key={person.id}>
            <label className={styles.choice}>
              <input
                type="checkbox"
                checked={chosen.includes(person.id)}
                onChange={(event) => setChosen(event.target.checked ? [...chosen, person.id] : chosen.filter((id) => id !== person.id))}
              />
              <img className={styles.smallAvatar} src={person.avatar} alt="" width={28} height={28} />
              <span>{person.user_nickname || t('chat.noNick')}</span>
            </label>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
