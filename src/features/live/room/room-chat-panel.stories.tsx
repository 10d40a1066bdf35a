import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import en from '../../../i18n/messages/en.json';
import zh from '../../../i18n/messages/zh.json';
import type { RoomChat, RoomChatMessage } from '../../../realtime/use-room-chat.ts';
import { RoomChatView } from './room-chat-panel.tsx';

// The room chat as it shows, from a chat object as useRoomChat gives it.

const lines: Array<[string, string, RoomChatMessage['badge']?, boolean?]> = [
  ['老K看球', '欢迎来到直播间，文明聊天', 'anchor'],
  ['房管小李', '禁止刷屏，谢谢配合', 'manager'],
  ['球迷小王', '这球踢得漂亮！', undefined, true],
  ['路人甲', '<img src=x onerror=alert(1)>'],
  ['看球的猫', '下半场加油，主队必胜！！'],
  ['足球老炮', '这个角球战术有点意思，上周也用过一次，对面显然没准备好'],
];

const messages: RoomChatMessage[] = lines.map(([nick, text, badge, isMine], i) => ({
  id: String(i + 1),
  sequence: i + 1,
  nick,
  text,
  avatar: '/media/avatars/1.svg',
  senderId: 200 + i,
  isMine: isMine === true,
  ...(badge ? { badge } : {}),
  time: 1_764_000_000 + i * 30,
  live: true,
}));

function chat(overrides: Partial<RoomChat> = {}): RoomChat {
  return { messages, onlineCount: 1287, status: 'ready', error: null, maxLength: 100, send: fn(), retry: fn(), discard: fn(), revoke: fn(), ...overrides };
}

const meta = {
  title: 'live/RoomChatPanel',
  component: RoomChatView,
  args: { chat: chat() },
  decorators: [
    (Story) => (
      <div style={{ height: 460, width: 320, display: 'flex', flexDirection: 'column' }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof RoomChatView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, args, userEvent }) => {
    const log = canvas.getByRole('log', { name: zh['roomChat.messages'] });
    // Markup from a user is text, never an element.
    await expect(log).toHaveTextContent('<img src=x onerror=alert(1)>');
    await expect(log.querySelector('img')).toBeNull();
    await expect(canvas.getByText(zh['roomChat.badgeAnchor'])).toBeVisible();
    await expect(canvas.getByText('1287 人在线')).toBeVisible();
    await userEvent.type(canvas.getByRole('textbox', { name: zh['roomChat.input'] }), '好球{Enter}');
    await expect(args.chat.send).toHaveBeenCalledWith('好球');
  },
};

export const Playground: Story = {};

export const English: Story = {
  globals: { locale: 'en' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('1287 online')).toBeVisible();
    await expect(canvas.getByRole('button', { name: en['roomChat.send'] })).toBeEnabled();
  },
};

export const Guest: Story = {
  args: { chat: chat({ status: 'guest' }) },
  play: async ({ canvas, args, userEvent }) => {
    await expect(canvas.getByRole('textbox', { name: zh['roomChat.input'] })).toHaveAttribute('placeholder', zh['roomChat.guestHint']);
    await userEvent.type(canvas.getByRole('textbox', { name: zh['roomChat.input'] }), '我也说');
    await userEvent.click(canvas.getByRole('button', { name: zh['roomChat.send'] }));
    // The machine turns a guest's send into the login dialog.
    await expect(args.chat.send).toHaveBeenCalledWith('我也说');
  },
};

export const Muted: Story = {
  args: { chat: chat({ status: 'muted' }) },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(zh['roomChat.muted']);
    await expect(canvas.getByRole('textbox', { name: zh['roomChat.input'] })).toBeDisabled();
  },
};

export const MutedEnglish: Story = {
  args: { chat: chat({ status: 'muted' }) },
  globals: { locale: 'en' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(en['roomChat.muted']);
  },
};

export const SendFailed: Story = {
  args: { chat: chat({ status: 'sendFailed', error: '发言太快了，请稍后再试' }) },
  play: async ({ canvas, args, userEvent }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('发言太快了，请稍后再试');
    await userEvent.click(canvas.getByRole('button', { name: zh['roomChat.retry'] }));
    await expect(args.chat.retry).toHaveBeenCalled();
  },
};

export const Kicked: Story = {
  args: { chat: chat({ status: 'kicked' }) },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(zh['roomChat.kicked']);
    await expect(canvas.getByRole('button', { name: zh['roomChat.send'] })).toBeDisabled();
  },
};

export const Empty: Story = {
  args: { chat: chat({ messages: [], onlineCount: 1 }) },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(zh['roomChat.empty'])).toBeVisible();
  },
};

export const WithRules: Story = {
  args: { rules: { slow_seconds: 5, followers_only: 1, block_links: 0 } },
  play: async ({ canvas }) => {
    // Viewers read the rules; they get no controls to change them, and no way to mute anyone.
    const rules = canvas.getByLabelText(zh['roomChat.rules']);
    await expect(rules).toHaveTextContent('慢速模式 5 秒');
    await expect(rules).toHaveTextContent(zh['roomChat.rule.followersOnly']);
    await expect(canvas.queryByRole('button', { name: /^禁言/ })).toBeNull();
  },
};

export const Moderator: Story = {
  args: {
    rules: { slow_seconds: 0, followers_only: 0, block_links: 0 },
    moderation: { onMute: fn(), onKick: fn(), onDelete: fn(), onRulesChange: fn(), notice: '已禁言 路人甲 10 分钟' },
  },
  play: async ({ canvas, args, userEvent }) => {
    // The anchor's and managers' lines carry no controls; the moderator's own can only be deleted.
    await expect(canvas.queryByRole('button', { name: '禁言 老K看球' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: '删除 老K看球 的消息' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: '禁言 球迷小王' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: '删除 球迷小王 的消息' }));
    await expect(args.moderation!.onDelete).toHaveBeenCalledWith(expect.objectContaining({ nick: '球迷小王' }));
    await userEvent.click(canvas.getByRole('button', { name: '删除 足球老炮 的消息' }));
    await expect(args.moderation!.onDelete).toHaveBeenLastCalledWith(expect.objectContaining({ senderId: 205 }));
    await userEvent.click(canvas.getByRole('button', { name: '禁言 路人甲' }));
    await expect(args.moderation!.onMute).toHaveBeenCalledWith(expect.objectContaining({ nick: '路人甲', senderId: 203 }));
    await userEvent.click(canvas.getByRole('button', { name: '踢出 看球的猫' }));
    await expect(args.moderation!.onKick).toHaveBeenCalledWith(expect.objectContaining({ senderId: 204 }));
    await userEvent.click(canvas.getByText(zh['roomChat.rules']));
    await userEvent.selectOptions(canvas.getByLabelText(zh['roomChat.rule.slowLabel']), '10');
    await expect(args.moderation!.onRulesChange).toHaveBeenCalledWith({ slow_seconds: 10, followers_only: 0, block_links: 0 });
    await userEvent.click(canvas.getByLabelText(zh['roomChat.rule.noLinks']));
    await expect(args.moderation!.onRulesChange).toHaveBeenCalledWith({ slow_seconds: 0, followers_only: 0, block_links: 1 });
    await expect(canvas.getByText('已禁言 路人甲 10 分钟')).toBeVisible();
  },
};

export const ModeratorEnglish: Story = {
  ...Moderator,
  globals: { locale: 'en' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Mute 路人甲' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: "Delete 路人甲's message" })).toBeVisible();
    await expect(canvas.getByText(en['roomChat.rules'])).toBeVisible();
  },
};

/** A line the room's moderators deleted: its words are gone for everyone. */
export const WithDeletedLine: Story = {
  args: { chat: chat({ messages: messages.map((line) => (line.id === '4' ? { ...line, text: '', revoked: true } : line)) }) },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(zh['roomChat.deleted'])).toBeVisible();
    await expect(canvas.queryByText('<img src=x onerror=alert(1)>')).toBeNull();
  },
};

const giftLine: RoomChatMessage = {
  id: 'g1',
  sequence: 7,
  nick: '球迷小王',
  text: '',
  avatar: '/media/avatars/1.svg',
  senderId: 301,
  isMine: false,
  time: 1_764_000_300,
  live: true,
  gift: {
    kind: 'gift',
    record_id: 1,
    gift_id: 8,
    gift_name: '金球',
    gift_name_en: 'Golden Ball',
    icon: `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="32" cy="32" r="26" fill="#ffd43b"/></svg>')}`,
    effect: 'big',
    animation_url: null,
    count: 3,
    combo: 2,
    total_price: 297,
    anchor_uid: 2,
    room_id: 13,
  },
};
const guardLine: RoomChatMessage = { id: 'b1', sequence: 9, nick: '白银骑士', text: '守护主播！', avatar: '', senderId: 302, isMine: false, time: 1_764_000_320, badge: 'guard', live: true };
const nobleLine: RoomChatMessage = { id: 'b2', sequence: 10, nick: '伯爵大人', text: '贵族驾到', avatar: '', senderId: 303, isMine: false, time: 1_764_000_330, badge: 'noble', live: true };
const colouredLine: RoomChatMessage = { id: 'c1', sequence: 8, nick: '红魔死忠', text: '红色冲锋！', avatar: '', senderId: 304, isMine: false, time: 1_764_000_310, colour: '#ff4d4f', live: true };

const chatColours = {
  options: [
    { id: 1, name: '经典白', colour: '#ffffff', price: 0 },
    { id: 2, name: '热情红', colour: '#ff4d4f', price: 1 },
  ],
  chosen: 2,
  choose: fn(),
  send: fn(async () => undefined),
  sending: false,
  error: null,
};

/** A gift's banner line and a coloured barrage among the chat, the composer set to a colour. */
export const GiftsAndColours: Story = {
  args: { chat: chat({ messages: [...messages, giftLine, colouredLine, guardLine, nobleLine] }), colours: chatColours },
  play: async ({ canvas, args, userEvent }) => {
    await expect(canvas.getByText(zh['roomChat.badgeGuard'])).toBeVisible();
    await expect(canvas.getByText(zh['roomChat.badgeNoble'])).toBeVisible();
    const banner = canvas.getByText('球迷小王 送出 金球 ×3');
    await expect(banner).toBeVisible();
    await expect(canvas.getByText('连击 ×2')).toBeVisible();
    await expect(canvas.getByText('红色冲锋！')).toHaveStyle({ color: 'rgb(255, 77, 79)' });
    await userEvent.type(canvas.getByRole('textbox', { name: zh['roomChat.input'] }), '冲{Enter}');
    await expect(args.colours?.send).toHaveBeenCalledWith('冲');
    await expect(args.chat.send).not.toHaveBeenCalled();
  },
};

export const GiftsAndColoursEnglish: Story = {
  globals: { locale: 'en' },
  args: { chat: chat({ messages: [...messages, giftLine, colouredLine] }), colours: { ...chatColours, chosen: null } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('球迷小王 sent Golden Ball ×3')).toBeVisible();
    await expect(canvas.getByRole('combobox', { name: en['barrage.colour'] })).toHaveValue('');
  },
};

/** On a Vietnamese page a gift is named from the gift list, asked for in Vietnamese; the notice has no Vietnamese name. */
export const GiftVietnamese: Story = {
  globals: { locale: 'vi' },
  args: { chat: chat({ messages: [...messages, giftLine] }), giftNames: new Map([[8, 'Quả bóng vàng']]) },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('球迷小王 đã tặng Quả bóng vàng ×3')).toBeVisible();
  },
};

/** A gift no longer on sale has no name in the list: Vietnamese pages fall back to its English name. */
export const GiftVietnameseNotOnSale: Story = {
  globals: { locale: 'vi' },
  args: { chat: chat({ messages: [...messages, giftLine] }), giftNames: new Map() },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('球迷小王 đã tặng Golden Ball ×3')).toBeVisible();
  },
};
