import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn } from 'storybook/test';
import en from '../i18n/messages/en.json';
import zh from '../i18n/messages/zh.json';
import { CommentBox, CommentThread, type CommentThreadLabels, type CommentThreadProps, type ThreadComment } from './comment-thread.tsx';
import { sampleAvatar, sampleAvatarAlt } from './story-images.ts';

// The comments under a circle post and under a news article: the box to write one, then the thread.

const labelsOf = (messages: typeof zh): CommentThreadLabels => ({
  replyTo: (name) => messages['circle.replyTo'].replace('{name}', name),
  likes: (count) => (messages === zh ? `赞 ${String(count)}` : count === 1 ? '1 like' : `${String(count)} likes`),
  reply: messages['circle.reply'],
});

const fan = { user_nickname: '曼城死忠阿杰', avatar: sampleAvatar };
const coach = { user_nickname: '战术板老陈', avatar: sampleAvatarAlt };
const rookie = { user_nickname: '看球新人', avatar: '' };

const reply = (id: number, user: ThreadComment['user'], to: ThreadComment['user'], content: string, like_count = 0): ThreadComment => ({
  id,
  user,
  reply_to: { user_nickname: to.user_nickname },
  content,
  like_count,
  is_like: 0,
  replies: [],
});

const zhThread: ThreadComment[] = [
  {
    id: 1,
    user: fan,
    content: '下半场换上边锋之后整个右路都活了，这个调整太关键。',
    like_count: 12,
    is_like: 1,
    replies: [reply(11, coach, fan, '同意，对方左后卫明显跟不上速度。', 3), reply(12, rookie, coach, '请教一下，为什么不一开始就上？')],
  },
  { id: 2, user: rookie, content: '第一次熬夜看完整场，值了！', like_count: 0, is_like: 0, replies: [] },
];

const enThread: ThreadComment[] = [
  {
    id: 1,
    user: { user_nickname: 'Kop_Steve', avatar: sampleAvatar },
    content: 'The press after half-time won this. They never let the keeper play it short.',
    like_count: 1,
    is_like: 0,
    replies: [reply(11, { user_nickname: 'TacticsTom', avatar: sampleAvatarAlt }, { user_nickname: 'Kop_Steve', avatar: '' }, 'And the full-backs stepping in made it a 3-2 in possession.', 4)],
  },
];

const times = ['3 分钟前', '刚刚', '1 小时前'];

/** The box and the thread, the box pointed at a comment once its reply button is pressed, as the pages do. */
function Discussion({ messages, ...thread }: CommentThreadProps & { messages: typeof zh }) {
  const [text, setText] = useState('');
  const [replyTo, setReplyTo] = useState<ThreadComment | null>(null);
  return (
    <div style={{ maxWidth: 760 }}>
      <CommentBox
        label={replyTo ? thread.labels.replyTo(replyTo.user.user_nickname) : messages['circle.commentLabel']}
        value={text}
        onChange={setText}
        maxLength={500}
        send={messages['circle.send']}
        onSend={() => setText('')}
      />
      <CommentThread
        {...thread}
        onReply={(comment) => {
          setReplyTo(comment);
          thread.onReply(comment);
        }}
      />
    </div>
  );
}

const meta = {
  title: 'ui/CommentThread',
  component: CommentThread,
  render: (args) => <Discussion {...args} messages={zh} />,
  args: {
    comments: zhThread,
    labels: labelsOf(zh),
    timeOf: (comment: ThreadComment) => times[comment.id % times.length]!,
    onLike: fn(),
    onReply: fn(),
  },
} satisfies Meta<typeof CommentThread>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Comments with their replies: a like toggle says whether the viewer liked it, a reply points the box at its author. */
export const Default: Story = {
  play: async ({ canvas, args, userEvent }) => {
    await expect(canvas.getByRole('button', { name: '赞 12' })).toHaveAttribute('aria-pressed', 'true');
    await expect(canvas.getByRole('button', { name: '赞 3' })).toHaveAttribute('aria-pressed', 'false');
    await expect(canvas.getByText(zh['circle.replyTo'].replace('{name}', fan.user_nickname))).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: '赞 3' }));
    await expect(args.onLike).toHaveBeenCalledWith(expect.objectContaining({ id: 11 }));
    await userEvent.click(canvas.getAllByRole('button', { name: zh['circle.reply'] })[0]!);
    await expect(args.onReply).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }));
    await expect(canvas.getByRole('textbox', { name: zh['circle.replyTo'].replace('{name}', fan.user_nickname) })).toBeVisible();
  },
};

export const Playground: Story = {};

/** No comment yet: only the box, ready for the first one. */
export const Empty: Story = {
  args: { comments: [] },
  play: async ({ canvas }) => {
    await expect(canvas.queryAllByRole('listitem')).toHaveLength(0);
    await expect(canvas.getByRole('textbox', { name: zh['circle.commentLabel'] })).toBeVisible();
  },
};

/** A long comment and an unbroken run of characters wrap inside the column, on a phone too. */
export const LongText: Story = {
  args: {
    comments: [
      {
        id: 1,
        user: { user_nickname: '一个名字特别特别长的老球迷从九八年开始看球', avatar: sampleAvatar },
        content: `${'这场比赛从战术层面看，主队的高位逼抢和快速转换几乎完美执行，'.repeat(6)}\n\n哈${'哈'.repeat(80)}`,
        like_count: 1024,
        is_like: 0,
        replies: [reply(2, coach, fan, 'https://pitchside.example/very/long/link/that/does/not/break/anywhere/at/all/because/it/has/no/spaces')],
      },
    ],
  },
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvasElement }) => {
    const list = canvasElement.querySelector('ul')!;
    await expect(list.scrollWidth).toBeLessThanOrEqual(list.clientWidth);
  },
};

/** What a reader types is shown as text, never as markup. */
export const MarkupAsText: Story = {
  args: { comments: [{ id: 1, user: rookie, content: '<img src=x onerror=alert(1)> <b>粗体</b>', like_count: 0, is_like: 0, replies: [] }] },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByText('<img src=x onerror=alert(1)> <b>粗体</b>')).toBeVisible();
    await expect(canvasElement.querySelector('b')).toBeNull();
  },
};

export const English: Story = {
  render: (args) => <Discussion {...args} messages={en} />,
  globals: { locale: 'en' },
  args: { comments: enThread, labels: labelsOf(en), timeOf: () => '5 minutes ago' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: '1 like' })).toBeVisible();
    await expect(canvas.getByText('Reply to Kop_Steve')).toBeVisible();
    await expect(canvas.getByRole('button', { name: en['circle.send'] })).toBeVisible();
  },
};
