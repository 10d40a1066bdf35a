import type { ReactNode } from 'react';
import { Avatar } from './avatar.tsx';
import { Button } from './button.tsx';
import { TextInput } from './text-input.tsx';
import styles from './comment-thread.module.css';

/** A comment as the thread shows it: a top-level comment with its newest replies, or a reply. */
export interface ThreadComment {
  /** The comment's id, unique in the thread. */
  id: number;
  /** Who wrote it. */
  user: { user_nickname: string; avatar: string };
  /** The author replied to; absent for a top-level comment. */
  reply_to?: { user_nickname: string };
  /** What was written, shown as text. */
  content: string;
  /** How many liked it. */
  like_count: number;
  /** 1 when the viewer liked it. */
  is_like: 0 | 1;
  /** The replies shown under a top-level comment, oldest first; empty for a reply. */
  replies: ThreadComment[];
}

/** The thread's words, already translated. */
export interface CommentThreadLabels {
  /** `Reply to {name}`. */
  replyTo: (name: string) => string;
  /** `{count} likes`. */
  likes: (count: number) => string;
  /** The reply button's word. */
  reply: string;
}

export interface CommentThreadProps {
  /** The top-level comments, each with its replies. */
  comments: readonly ThreadComment[];
  /** The thread's words in the shown language. */
  labels: CommentThreadLabels;
  /** When each comment was written, already formatted. */
  timeOf: (comment: ThreadComment) => string;
  /** Called by a comment's like toggle (the owner likes or unlikes, or asks a guest to log in). */
  onLike: (comment: ThreadComment) => void;
  /** Called by a comment's reply button, to point the comment box at it. */
  onReply: (comment: ThreadComment) => void;
  /** More actions on a comment after its like and reply, such as reporting it; none by default. */
  actionsOf?: (comment: ThreadComment) => ReactNode;
}

function CommentItem({ comment, ...thread }: CommentThreadProps & { comment: ThreadComment }) {
  const { labels, timeOf, onLike, onReply, actionsOf } = thread;
  return (
    <li className={styles.comment}>
      <Avatar src={comment.user.avatar} name={comment.user.user_nickname} size={32} />
      <div className={styles.body}>
        <span className={styles.author}>
          <span data-user-content>{comment.user.user_nickname}</span>
          {comment.reply_to && <span className={styles.muted}> {labels.replyTo(comment.reply_to.user_nickname)}</span>}
        </span>
        <p className={styles.content} data-user-content>
          {comment.content}
        </p>
        <div className={styles.actions}>
          <span className={styles.muted}>{timeOf(comment)}</span>
          <button type="button" className={styles.action} aria-pressed={comment.is_like === 1} onClick={() => onLike(comment)}>
            {labels.likes(comment.like_count)}
          </button>
          <button type="button" className={styles.action} onClick={() => onReply(comment)}>
            {labels.reply}
          </button>
          {actionsOf?.(comment)}
        </div>
        {comment.replies.length > 0 && (
          <ul className={styles.replies}>
            {comment.replies.map((reply) => (
              <CommentItem key={reply.id} {...thread} comment={reply} />
            ))}
          </ul>
        )}
      </div>
    </li>
  );
}

/** Comments with their replies, each with its time, a like toggle and a reply button. User text is shown as text. */
export function CommentThread(props: CommentThreadProps) {
  return (
    <ul className={styles.comments}>
      {props.comments.map((comment) => (
        <CommentItem key={comment.id} {...props} comment={comment} />
      ))}
    </ul>
  );
}

export interface CommentBoxProps {
  /** The field's label and hint: `Write a comment` or `Reply to {name}`. */
  label: string;
  /** The text typed so far. */
  value: string;
  /** Called with the new text on every change. */
  onChange: (value: string) => void;
  /** The most characters a comment takes. */
  maxLength: number;
  /** The send button's text. */
  send: ReactNode;
  /** Greys the send button out while a comment is being sent. */
  busy?: boolean;
  /** Called by the send button or Enter in the field. */
  onSend: () => void;
}

/** The one-line comment field with its send button. */
export function CommentBox({ label, value, onChange, maxLength, send, busy = false, onSend }: CommentBoxProps) {
  return (
    <form
      className={styles.form}
      onSubmit={(event) => {
        event.preventDefault();
        onSend();
      }}
    >
      <TextInput label={label} hideLabel value={value} onChange={onChange} maxLength={maxLength} placeholder={label} />
      <Button type="submit" variant="primary" disabled={busy}>
        {send}
      </Button>
    </form>
  );
}
