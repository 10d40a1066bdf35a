import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { components } from '../../api/schema';
import { okAnswer, StoryApiProviders } from '../../api/story-api.tsx';
import en from '../../i18n/messages/en.json';
import vi from '../../i18n/messages/vi.json';
import zh from '../../i18n/messages/zh.json';
import { UserManagementPanel } from './user-management-panel.tsx';

// The console's users tab on a fake server: a table at a desk, one card per user on a phone, where
// four columns of names, roles and controls would not fit.

type AdminUser = components['schemas']['AdminUser'];

interface UsersServer {
  users: AdminUser[];
  /** Called with each body sent to admin/setUserBan. */
  onBan?: (body: unknown) => void;
}

const sampleUsers: AdminUser[] = [
  { id: 9, user_nickname: '追风少年', mobile: '86-13800000009', is_anchor: true, is_expert: false, is_admin: false, banned: false, muted_until: null, created_at: 1_764_000_000 },
  { id: 31, user_nickname: 'Commentator Lee', mobile: '86-13800000031', is_anchor: false, is_expert: true, is_admin: false, banned: false, muted_until: 1_764_086_400, created_at: 1_764_003_600 },
  { id: 40, user_nickname: 'Nguyễn Văn Bình', mobile: '84-912345678', is_anchor: false, is_expert: false, is_admin: false, banned: true, muted_until: null, created_at: 1_764_007_200 },
];

function usersFetch({ users, onBan }: UsersServer) {
  let list = users;
  return async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    switch (url.pathname) {
      case '/api/admin/userList':
        return okAnswer({ list, total: list.length, page: 1, limit: 20 });
      case '/api/admin/setUserBan': {
        const body = (await request.json()) as { user_id: number; banned: boolean };
        onBan?.(body);
        list = list.map((user) => (user.id === body.user_id ? { ...user, banned: body.banned } : user));
        return okAnswer(list.find((user) => user.id === body.user_id));
      }
      default:
        return new Response(null, { status: 404 });
    }
  };
}

const meta = {
  title: 'admin/panels/UserManagementPanel',
  args: { users: sampleUsers, onBan: fn() },
  globals: { viewport: { value: 'laptop' } },
  render: (server) => (
    <StoryApiProviders fetch={usersFetch(server)}>
      <UserManagementPanel />
    </StoryApiProviders>
  ),
} satisfies Meta<UsersServer>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Each user is a row; banning needs a reason for the log. */
export const Default: Story = {
  play: async ({ canvas, args }) => {
    const row = within((await canvas.findByText('追风少年')).closest('tr')!);
    await expect(row.getByRole('button', { name: zh['admin.users.ban'] })).toBeDisabled();
    await userEvent.type(row.getByPlaceholderText(zh['admin.users.reason']), '刷屏广告');
    await userEvent.click(row.getByRole('button', { name: zh['admin.users.ban'] }));
    await waitFor(() => expect(args.onBan).toHaveBeenCalledWith({ user_id: 9, banned: true, reason: '刷屏广告' }));
    // The answer turns the button into "unban"; pointer and focus leave it so the picture is taken at rest.
    const unban = await row.findByRole('button', { name: zh['admin.users.unban'] });
    await userEvent.unhover(unban);
    unban.blur();
  },
};

export const Playground: Story = {};

export const English: Story = {
  globals: { locale: 'en' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('columnheader', { name: en['admin.users.roles'] })).toBeVisible();
  },
};

/** On a phone each user is a card, every cell under its column's name, nothing wider than the screen. */
export const Phone: Story = {
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvas, canvasElement }) => {
    await canvas.findByText('追风少年');
    const table = canvasElement.querySelector('table')!;
    await expect(table.scrollWidth).toBeLessThanOrEqual(canvasElement.ownerDocument.documentElement.clientWidth);
    const cell = canvas.getByText('86-13800000009').closest('td')!;
    await expect(getComputedStyle(cell, '::before').content).toBe(`"${zh['admin.users.mobile']}"`);
  },
};

export const PhoneEnglish: Story = {
  globals: { viewport: { value: 'phone' }, locale: 'en' },
  play: async ({ canvas }) => {
    await expect((await canvas.findAllByRole('button', { name: en['admin.users.resetPassword'] })).length).toBe(3);
  },
};

export const PhoneVietnamese: Story = {
  globals: { viewport: { value: 'phone' }, locale: 'vi' },
  play: async ({ canvas }) => {
    await expect((await canvas.findAllByRole('button', { name: vi['admin.users.resetPassword'] })).length).toBe(3);
  },
};
