import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { formatTime, fromTimestamp } from '../../i18n/relative-time.ts';
import { useMessage } from '../../i18n/use-message.ts';
import type { ImMessage } from '../../realtime/messaging-port.ts';
import { splitEmoji } from '../../ui/emoji-table.ts';
import styles from './chat-page.module.css';

/** A custom card as a message carries it in its data (SPEC §3: title, imageUrl, id, type, price). */
export interface ChatCard {
  title: string;
  imageUrl: string;
  id: number | string;
  type: string;
  price?: number | string;
}

export function readCard(data: string): ChatCard | null {
  try {
    const value: unknown = JSON.parse(data);
    if (typeof value !== 'object' || value === null) return null;
    const card = value as Record<string, unknown>;
    if (typeof card.title !== 'string' || typeof card.type !== 'string') return null;
    return {
      title: card.title,
      imageUrl: typeof card.imageUrl === 'string' && card.imageUrl.startsWith('/') ? card.imageUrl : '',
      id: typeof card.id === 'number' || typeof card.id === 'string' ? card.id : '',
      type: card.type,
      ...(typeof card.price === 'number' || typeof card.price === 'string' ? { price: card.price } : {}),
    };
  } catch {
    return null;
  }
}

/** A size as people read it: 900 B, 12.5 KB, 3.2 MB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${String(bytes)} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Text with its emoji tags as pictures; the text itself goes in as text nodes, never markup. */
export function EmojiText({ text }: { text: string }) {
  return (
    <>
      {splitEmoji(text).map((piece, index) =>
        piece.kind === 'text' ? (
          <span key={index}>{piece.text}</span>
        ) : (
          <img key={index} className={styles.emoji} src={piece.url} alt={piece.tag} title={piece.tag} width={22} height={22} />
        ),
      )}
    </>
  );
}

export interface ChatMessageProps {
  message: Pick<ImMessage, 'type' | 'payload' | 'nick' | 'avatar' | 'time' | 'conversationType'> & { isPeerRead?: boolean };
  mine: boolean;
  showTime: boolean;
  /** Outgoing, not stored yet: sending or failed (with the retry). */
  status: 'sending' | 'failed' | 'sent';
  onRetry?: () => void;
  onOpenImage: (url: string) => void;
  onOpenCard?: (card: ChatCard) => void;
  /** Under someone else's message: the action that reports it to the admins. */
  report?: ReactNode;
}

/** One message as SPEC §3 shows it: avatar, nick, content by type, read state and status of mine. */
export function ChatMessage({ message, mine, showTime, status, onRetry, onOpenImage, onOpenCard, report }: ChatMessageProps) {
  const t = useMessage();
  const intl = useIntl();
  const { payload } = message;
  let content;
  if ('text' in payload) {
    content = (
      <p className={styles.bubbleText} data-user-content>
        <EmojiText text={payload.text} />
      </p>
    );
  } else if ('width' in payload) {
    content = (
      <button type="button" className={styles.imageButton} onClick={() => onOpenImage(payload.url)} aria-label={t('chat.openImage')}>
        <img className={styles.image} src={payload.url} alt={t('chat.imageMessage')} style={{ aspectRatio: `${String(payload.width)} / ${String(payload.height)}` }} />
      </button>
    );
  } else if ('size' in payload) {
    content = (
      <a className={styles.file} href={payload.url} download={payload.name} target="_blank" rel="noreferrer">
        <span className={styles.fileIcon} aria-hidden="true">
          {(/\.([a-z0-9]{1,4})$/i.exec(payload.name)?.[1] ?? 'file').toUpperCase()}
        </span>
        <span className={styles.fileName}>{payload.name}</span>
        <span className={styles.fileSize}>{formatBytes(payload.size)}</span>
      </a>
    );
  } else {
    const card = readCard(payload.data);
    content = card ? (
      <button type="button" className={styles.card} onClick={() => onOpenCard?.(card)} data-card-type={card.type}>
        {card.imageUrl ? <img src={card.imageUrl} alt="" className={styles.cardImage} /> : null}
        <span className={styles.cardTitle}>{card.title}</span>
        {card.price !== undefined ? <span className={styles.cardPrice}>{String(card.price)}</span> : null}
      </button>
    ) : (
      <p className={styles.bubbleText}>{payload.description || t('chat.cardMessage')}</p>
    );
  }
  return (
    <li className={mine ? `${styles.message} ${styles.mine}` : styles.message}>
      {showTime ? <p className={styles.time}>{formatTime(intl, fromTimestamp(message.time))}</p> : null}
      <div className={styles.messageRow}>
        <img className={styles.messageAvatar} src={message.avatar || '/emoji/1.svg'} alt="" width={36} height={36} />
        <div className={styles.messageBody}>
          <span className={styles.nick} data-user-content={message.nick ? true : undefined}>
            {message.nick || t('chat.noNick')}
          </span>
          <div className={styles.bubble}>{content}</div>
          {mine ? (
            <span className={styles.state}>
              {status === 'sending' ? t('chat.sending') : null}
              {status === 'failed' ? (
                <>
                  <span className={styles.failed}>{t('chat.failed')}</span>
                  <button type="button" className={styles.retry} onClick={onRetry}>
                    {t('chat.retry')}
                  </button>
                </>
              ) : null}
              {status === 'sent' && message.conversationType === 'C2C' ? (message.isPeerRead ? t('chat.read') : t('chat.unread')) : null}
            </span>
          ) : (
            report
          )}
        </div>
      </div>
    </li>
  );
}

/** What a conversation's last message says in the list. */
export function summaryOf(message: ImMessage | null, t: ReturnType<typeof useMessage>): string {
  if (!message) return '';
  const { payload } = message;
  if ('text' in payload) return payload.text;
  if ('width' in payload) return t('chat.imageMessage');
  if ('size' in payload) return `${t('chat.fileMessage')} ${payload.name}`;
  return readCard(payload.data)?.title ?? t('chat.cardMessage');
}
