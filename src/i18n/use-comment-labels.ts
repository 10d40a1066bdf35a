import { useMessage } from './use-message.ts';

/** What every comment thread (src/ui/comment-thread.tsx) says for its buttons, in the shown language. */
export interface CommentLabels {
  replyTo: (name: string) => string;
  likes: (count: number) => string;
  reply: string;
}

/** The words of a circle post's and a news article's comments, the same on both. */
export function useCommentLabels(): CommentLabels {
  const t = useMessage();
  return {
    replyTo: (name) => t('circle.replyTo', { name }),
    likes: (count) => t('circle.likes', { count }),
    reply: t('circle.reply'),
  };
}
