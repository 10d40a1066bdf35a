import { useEffect, useLayoutEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { ApiError } from '../../../api/client.ts';
import { useKickViewer, useMuteViewer, useSetChatRules } from '../../../api/queries/live-room.ts';
import type { components } from '../../../api/schema';
import { useBarrageStyles, useGiftNames, useSendBarrage, type GiftNames } from '../../../api/queries/gifts.ts';
import { newActionKey } from '../../../api/queries/wallet.ts';
import { localName } from '../../../i18n/locale.ts';
import { useMessage } from '../../../i18n/use-message.ts';
import { useReportLabels } from '../../../i18n/use-report-labels.ts';
import { useSubmitReport } from '../../../api/queries/report.ts';
import { ReportAction } from '../../../ui/report-form.tsx';
import { useLoginRequest } from '../../../realtime/login-request.tsx';
import { announceKickout } from '../../../realtime/room-kickout.ts';
import { useStoredUser } from '../../../realtime/stored-user.ts';
import { MessagingRefusal } from '../../../realtime/messaging-port.ts';
import { useRoomChat, type RoomChat, type RoomChatMessage, type RoomChatOptions } from '../../../realtime/use-room-chat.ts';
import styles from './room-chat-panel.module.css';

/** Within this many pixels of the bottom the list follows new messages; scrolled further up, it stays put. */
const followSlackPx = 24;

const badgeLabels = {
  anchor: 'roomChat.badgeAnchor',
  manager: 'roomChat.badgeManager',
  guard: 'roomChat.badgeGuard',
  noble: 'roomChat.badgeNoble',
} as const;

/** A gift sent in the room: a banner line with the gift's picture, its count and its combo. */
function GiftLine({ message, gift, giftNames }: { message: RoomChatMessage; gift: NonNullable<RoomChatMessage['gift']>; giftNames?: GiftNames }) {
  const t = useMessage();
  const intl = useIntl();
  const name = giftNames?.get(gift.gift_id) ?? localName({ zh: gift.gift_name, en: gift.gift_name_en }, intl.locale);
  return (
    <li className={`${styles.line} ${styles.giftLine}`} data-sequence={message.sequence} data-gift={gift.gift_id}>
      <img className={styles.giftIcon} src={gift.icon} alt="" width={20} height={20} />
      <span className={styles.giftText}>{t('gifts.banner', { nick: message.nick, name, count: gift.count })}</span>
      {gift.combo > 1 ? <span className={styles.giftCombo}>{t('gifts.combo', { combo: gift.combo })}</span> : null}
    </li>
  );
}

function ChatLine({
  message,
  moderation,
  report,
  giftNames,
}: {
  message: RoomChatMessage;
  moderation?: RoomChatModeration;
  report?: (message: RoomChatMessage) => ReactNode;
  giftNames?: GiftNames;
}) {
  const t = useMessage();
  if (message.revoked) {
    return (
      <li className={`${styles.line} ${styles.revoked}`} data-sequence={message.sequence}>
        {t('roomChat.deleted')}
      </li>
    );
  }
  if (message.gift) return <GiftLine message={message} gift={message.gift} giftNames={giftNames} />;
  // The anchor and the managers moderate viewers: not themselves, not each other.
  const moderated = moderation && !message.isMine && message.badge !== 'anchor' && message.badge !== 'manager';
  // A moderator also takes back their own words; the server lets the anchor delete a manager's too.
  const deletable = moderation && (moderated || message.isMine);
  return (
    <li className={message.isMine ? `${styles.line} ${styles.mine}` : styles.line} data-sequence={message.sequence}>
      {message.badge ? (
        <span className={`${styles.badge} ${styles[message.badge]}`}>
          {t(badgeLabels[message.badge])}
        </span>
      ) : null}
      <span className={styles.nick} data-user-content>
        {message.nick}
      </span>
      {/* User text goes in as a text node: never markup. */}
      <span className={message.colour ? `${styles.text} ${styles.coloured}` : styles.text} style={message.colour ? { color: message.colour } : undefined}>
        {message.text}
      </span>
      {deletable ? (
        <span className={styles.lineActions}>
          {moderated ? (
            <>
              <button type="button" className={styles.lineAction} aria-label={t('roomChat.muteUser', { nick: message.nick })} onClick={() => moderation.onMute(message)}>
                {t('roomChat.mute')}
              </button>
              <button type="button" className={styles.lineAction} aria-label={t('roomChat.kickUser', { nick: message.nick })} onClick={() => moderation.onKick(message)}>
                {t('roomChat.kick')}
              </button>
            </>
          ) : null}
          <button type="button" className={styles.lineAction} aria-label={t('roomChat.deleteLine', { nick: message.nick })} onClick={() => moderation.onDelete(message)}>
            {t('roomChat.delete')}
          </button>
        </span>
      ) : null}
      {report && !message.isMine ? <span className={styles.lineReport}>{report(message)}</span> : null}
    </li>
  );
}

type ChatRules = components['schemas']['LiveChatRules'];

/** The slow mode intervals a room may choose (live/setChatRules). */
const slowModeChoices: readonly ChatRules['slow_seconds'][] = [0, 3, 5, 10, 30];

/** What the room's anchor and managers may do from the chat. */
export interface RoomChatModeration {
  onMute(message: RoomChatMessage): void;
  onKick(message: RoomChatMessage): void;
  /** Deletes the line for everyone in the room. */
  onDelete(message: RoomChatMessage): void;
  onRulesChange(rules: ChatRules): void;
  /** The outcome of the last action, fit to show. */
  notice: string | null;
}

/** The room's rules as viewers read them; the moderators' controls to change them. */
function ChatRulesBar({ rules, moderation }: { rules: ChatRules; moderation?: RoomChatModeration }) {
  const t = useMessage();
  const said = [
    rules.slow_seconds > 0 ? t('roomChat.rule.slow', { seconds: rules.slow_seconds }) : null,
    rules.followers_only === 1 ? t('roomChat.rule.followersOnly') : null,
    rules.block_links === 1 ? t('roomChat.rule.noLinks') : null,
  ].filter((text) => text !== null);
  if (!moderation) {
    return said.length > 0 ? (
      <p className={styles.rules} aria-label={t('roomChat.rules')}>
        {said.map((text) => (
          <span key={text} className={styles.rule}>
            {text}
          </span>
        ))}
      </p>
    ) : null;
  }
  return (
    <details className={styles.rulesEditor}>
      <summary>
        {t('roomChat.rules')}
        {said.length > 0 ? <span className={styles.rulesSummary}>{said.join(' · ')}</span> : null}
      </summary>
      <div className={styles.rulesFields}>
        <label className={styles.ruleField}>
          {t('roomChat.rule.slowLabel')}
          <select
            value={rules.slow_seconds}
            onChange={(event) => moderation.onRulesChange({ ...rules, slow_seconds: Number(event.target.value) as ChatRules['slow_seconds'] })}
          >
            {slowModeChoices.map((seconds) => (
              <option key={seconds} value={seconds}>
                {seconds === 0 ? t('roomChat.rule.slowOff') : t('roomChat.rule.seconds', { seconds })}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.ruleField}>
          <input
            type="checkbox"
            checked={rules.followers_only === 1}
            onChange={(event) => moderation.onRulesChange({ ...rules, followers_only: event.target.checked ? 1 : 0 })}
          />
          {t('roomChat.rule.followersOnly')}
        </label>
        <label className={styles.ruleField}>
          <input
            type="checkbox"
            checked={rules.block_links === 1}
            onChange={(event) => moderation.onRulesChange({ ...rules, block_links: event.target.checked ? 1 : 0 })}
          />
          {t('roomChat.rule.noLinks')}
        </label>
      </div>
    </details>
  );
}

/** The coloured barrage of the composer (Barrage/send): the colours on sale and the one chosen. */
export interface ChatColours {
  options: ReadonlyArray<{ id: number; name: string; colour: string; price: number }>;
  /** The colour chosen; null sends plain chat. */
  chosen: number | null;
  choose(styleId: number | null): void;
  /** Sends the line as a coloured barrage; resolves once sent. */
  send(text: string): Promise<unknown>;
  sending: boolean;
  /** Why the last coloured barrage was refused, fit to show. */
  error: string | null;
}

export interface RoomChatViewProps {
  chat: RoomChat;
  /** Coloured barrage, for a logged-in viewer. */
  colours?: ChatColours;
  /** The room's chat rules (LiveRoomInfo.chat_rules). */
  rules?: ChatRules;
  /** Given to the room's anchor and managers. */
  moderation?: RoomChatModeration;
  /** For a logged-in viewer: the action that reports someone else's line to the site's admins. */
  report?: (message: RoomChatMessage) => ReactNode;
  /** The gifts' names in the page's language, by id: a gift's notice names it in Chinese and English only. */
  giftNames?: GiftNames;
}

/** The room chat as it shows: the messages, the online count, the composer and the viewer's state. */
export function RoomChatView({ chat, colours, rules, moderation, report, giftNames }: RoomChatViewProps) {
  const t = useMessage();
  const list = useRef<HTMLDivElement>(null);
  const following = useRef(true);
  const [unseen, setUnseen] = useState(false);
  const [draft, setDraft] = useState('');
  const { status, messages } = chat;

  useLayoutEffect(() => {
    const element = list.current;
    if (!element) return;
    if (following.current) element.scrollTop = element.scrollHeight;
    else setUnseen(true);
  }, [messages]);

  // The composer clears once the line is sent; a refused or failed one stays for another try.
  const wasSending = useRef(false);
  useEffect(() => {
    if (wasSending.current && status === 'ready') setDraft('');
    wasSending.current = status === 'sending';
  }, [status]);

  function onScroll() {
    const element = list.current;
    if (!element) return;
    following.current = element.scrollHeight - element.scrollTop - element.clientHeight <= followSlackPx;
    if (following.current) setUnseen(false);
  }

  function toLatest() {
    const element = list.current;
    if (!element) return;
    element.scrollTop = element.scrollHeight;
    following.current = true;
    setUnseen(false);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (colours?.chosen != null && draft.trim() !== '') {
      void colours.send(draft.trim()).then(() => setDraft(''), () => undefined);
      return;
    }
    chat.send(draft);
  }

  const tooLong = [...draft.trim()].length > chat.maxLength;
  const closed = status === 'muted' || status === 'kicked';
  const note =
    status === 'joining'
      ? t('roomChat.joining')
      : status === 'joinFailed'
        ? t('roomChat.joinFailed')
        : status === 'muted'
          ? t('roomChat.muted')
          : status === 'kicked'
            ? t('roomChat.kicked')
            : null;

  return (
    <section className={styles.panel} aria-labelledby="room-chat-title">
      <header className={styles.header}>
        <h2 id="room-chat-title" className={styles.title}>
          {t('roomChat.title')}
        </h2>
        {chat.onlineCount !== null ? <span className={styles.online}>{t('roomChat.online', { count: chat.onlineCount })}</span> : null}
      </header>
      {rules ? <ChatRulesBar rules={rules} moderation={moderation} /> : null}
      <div className={styles.body}>
        <div ref={list} className={styles.list} role="log" aria-label={t('roomChat.messages')} aria-live="polite" onScroll={onScroll}>
          <ol className={styles.lines}>
            {messages.map((message) => (
              <ChatLine key={message.id} message={message} moderation={moderation} report={report} giftNames={giftNames} />
            ))}
          </ol>
        </div>
        {messages.length === 0 && status !== 'joining' ? <p className={styles.empty}>{t('roomChat.empty')}</p> : null}
        {unseen ? (
          <button type="button" className={styles.latest} onClick={toLatest}>
            {t('roomChat.newMessages')}
          </button>
        ) : null}
      </div>
      {moderation?.notice ? (
        <p className={styles.note} role="status">
          {moderation.notice}
        </p>
      ) : null}
      {note ? (
        <p className={styles.note} role="status">
          {note}
          {status === 'joinFailed' ? (
            <button type="button" className={styles.link} onClick={chat.retry}>
              {t('roomChat.retry')}
            </button>
          ) : null}
        </p>
      ) : null}
      {status === 'sendFailed' ? (
        <p className={styles.failed} role="alert">
          {t('roomChat.sendFailed', { error: chat.error ?? '' })}
          <button type="button" className={styles.link} onClick={chat.retry}>
            {t('roomChat.retry')}
          </button>
          <button type="button" className={styles.link} onClick={chat.discard}>
            {t('roomChat.discard')}
          </button>
        </p>
      ) : null}
      <form className={styles.composer} onSubmit={submit} aria-label={t('roomChat.title')}>
        {colours && colours.options.length > 0 ? (
          <select
            className={styles.colour}
            aria-label={t('barrage.colour')}
            value={colours.chosen ?? ''}
            onChange={(event) => colours.choose(event.target.value === '' ? null : Number(event.target.value))}
            disabled={closed}
          >
            <option value="">{t('barrage.plain')}</option>
            {colours.options
              .filter((option) => option.price > 0)
              .map((option) => (
                <option key={option.id} value={option.id}>
                  {t('barrage.option', { name: option.name, price: option.price })}
                </option>
              ))}
          </select>
        ) : null}
        <input
          className={styles.input}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          aria-label={t('roomChat.input')}
          placeholder={status === 'guest' ? t('roomChat.guestHint') : t('roomChat.placeholder')}
          disabled={closed}
          aria-invalid={tooLong}
        />
        <button
          type="submit"
          className={styles.send}
          disabled={closed || status === 'sending' || status === 'joining' || tooLong || (colours?.sending ?? false)}
        >
          {t('roomChat.send')}
        </button>
      </form>
      {tooLong ? <p className={styles.failed}>{t('roomChat.tooLong', { max: chat.maxLength })}</p> : null}
      {colours?.error ? (
        <p className={styles.failed} role="alert">
          {t('roomChat.sendFailed', { error: colours.error })}
        </p>
      ) : null}
    </section>
  );
}

export interface RoomChatPanelProps {
  roomId: number;
  /** The room's messaging group (LiveRoomInfo.chat_group_id). */
  groupID: string;
  /** The room's chat rules (LiveRoomInfo.chat_rules). */
  rules?: ChatRules;
  /** The viewer is the room's anchor or one of its managers (LiveRoomInfo.viewer.is_manager). */
  canModerate?: boolean;
  /** Told the room's messages whenever they change: the player flies them as danmaku. */
  onMessages?: (messages: readonly RoomChatMessage[]) => void;
  /** Told each gift sent while the viewer is in the room: the player plays its effect. */
  onGift?: (message: RoomChatMessage) => void;
  /** Told each guard or noble coming in while the viewer is in the room: the player plays their entry. */
  onEntry?: RoomChatOptions['onEntry'];
}

/** The live room's chat beside (or below) the picture; its messages also feed the danmaku. */
export function RoomChatPanel(props: RoomChatPanelProps) {
  // Logging in or out while in the room starts the chat afresh as the new user.
  const user = useStoredUser();
  return <JoinedRoomChat key={user?.id ?? 'guest'} {...props} />;
}

/** Minutes a mute from the chat lasts, and a kick-out: long enough to calm a room, short enough to forgive. */
const muteSeconds = 10 * 60;
const kickSeconds = 60 * 60;

function useModeration(roomId: number, chat: RoomChat, enabled: boolean): RoomChatModeration | undefined {
  const t = useMessage();
  const mute = useMuteViewer();
  const kick = useKickViewer();
  const setRules = useSetChatRules();
  const [notice, setNotice] = useState<string | null>(null);
  const failed = (error: unknown) => setNotice(error instanceof ApiError ? error.message : t('common.loadFailed'));
  if (!enabled) return undefined;
  return {
    notice,
    onMute: (message) =>
      mute.mutate(
        { room_id: roomId, uid: message.senderId, duration: muteSeconds },
        { onSuccess: () => setNotice(t('roomChat.mutedUser', { nick: message.nick, minutes: muteSeconds / 60 })), onError: failed },
      ),
    onKick: (message) =>
      kick.mutate(
        { room_id: roomId, uid: message.senderId, duration: kickSeconds },
        { onSuccess: () => setNotice(t('roomChat.kickedUser', { nick: message.nick, minutes: kickSeconds / 60 })), onError: failed },
      ),
    onDelete: (message) =>
      void chat.revoke(message).then(
        () => setNotice(t('roomChat.deletedLine', { nick: message.nick })),
        (error: unknown) => setNotice(error instanceof MessagingRefusal ? error.message : t('common.loadFailed')),
      ),
    onRulesChange: (rules) => setRules.mutate({ room_id: roomId, ...rules }, { onSuccess: () => setNotice(t('roomChat.rulesSaved')), onError: failed }),
  };
}

function JoinedRoomChat({ roomId, groupID, rules, canModerate = false, onMessages, onGift, onEntry }: RoomChatPanelProps) {
  const openLogin = useLoginRequest();
  const user = useStoredUser();
  const chat = useRoomChat(roomId, { groupID, onLoginRequest: openLogin, onKicked: () => announceKickout(roomId), onGift, onEntry });
  const moderation = useModeration(roomId, chat, canModerate);
  useEffect(() => onMessages?.(chat.messages), [chat.messages, onMessages]);
  const styleList = useBarrageStyles(user !== null);
  const sendBarrage = useSendBarrage();
  const [chosen, setChosen] = useState<number | null>(null);
  const colours: ChatColours | undefined = styleList.data
    ? {
        options: styleList.data,
        chosen,
        choose: (styleId) => {
          sendBarrage.reset();
          setChosen(styleId);
        },
        send: (text) => sendBarrage.mutateAsync({ room_id: roomId, style_id: chosen ?? 0, content: text.slice(0, 50), key: newActionKey() }),
        sending: sendBarrage.isPending,
        error: sendBarrage.error instanceof ApiError ? sendBarrage.error.msg : null,
      }
    : undefined;
  const giftNames = useGiftNames();
  const reportLabels = useReportLabels();
  const submitReport = useSubmitReport();
  const report = user
    ? (message: RoomChatMessage) => (
        <ReportAction quiet labels={reportLabels} send={(body) => submitReport.mutateAsync({ target_type: 'chat_message', target_id: Number(message.id), ...body })} />
      )
    : undefined;
  return <RoomChatView chat={chat} colours={colours} rules={rules} moderation={moderation} report={report} giftNames={giftNames} />;
}
