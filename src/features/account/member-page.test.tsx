import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { describe, expect, it, vi } from 'vitest';
import { ApiProvider } from '../../api/api-context.tsx';
import { createApi } from '../../api/client.ts';
import { loadMessages } from '../../i18n/load-messages.ts';
import { MemberPage } from './member-page.tsx';

const profile = { id: 7, user_nickname: '球迷小王', avatar: '/media/avatars/1.svg', balance: 5000 };

/** The server as the profile screen meets it: each call answers an envelope; uploads are recorded. */
function fakeServer() {
  const uploads: FormData[] = [];
  const calls: string[] = [];
  let current = profile;
  const fetch = vi.fn(async (request: Request) => {
    const path = new URL(request.url).pathname;
    calls.push(path);
    const answer = (data: unknown) => Response.json({ code: 0, msg: '', data });
    if (path === '/api/Member/info') return answer(current);
    if (path === '/api/user/avatarList') return answer([{ id: 1, url: '/media/avatars/1.svg' }]);
    if (path === '/api/Member/getQiniuToken') {
      return answer({ token: 'upload-token', upload_url: '/api/upload', expires_at: 1, max_bytes: 5242880, content_types: ['image/png'] });
    }
    if (path === '/api/upload') {
      uploads.push(await request.formData());
      return answer({ path: '/media/uploads/0123456789abcdef0123456789abcdef.png', content_type: 'image/png', bytes: 3 });
    }
    if (path === '/api/member/updateInfo') {
      const change = (await request.json()) as { avatar: string };
      current = { ...current, avatar: change.avatar };
      return answer(current);
    }
    return Response.json({ code: 1, msg: 'Not found', data: null });
  });
  return { fetch, uploads, calls };
}

async function renderProfile(server: ReturnType<typeof fakeServer>) {
  localStorage.setItem('userInfo', JSON.stringify({ token: 'session-token', id: profile.id, profile }));
  const api = createApi({ baseUrl: 'http://pitchside.test', session: { send: () => undefined }, fetch: server.fetch });
  render(
    <IntlProvider locale="en" messages={await loadMessages('en')}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ApiProvider api={api}>
          <MemberPage title="Profile" type={19} />
        </ApiProvider>
      </QueryClientProvider>
    </IntlProvider>,
  );
  return screen.findByLabelText('Upload a picture');
}

describe('the profile avatar upload', () => {
  it('refuses a file that is not a picture, or too large, before sending anything', async () => {
    const server = fakeServer();
    const input = await renderProfile(server);
    const user = userEvent.setup({ applyAccept: false });

    await user.upload(input, new File(['<svg/>'], 'me.svg', { type: 'image/svg+xml' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please choose a PNG, JPEG, GIF or WebP picture');

    await user.upload(input, new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The picture must be 5 MB or smaller');
    expect(server.calls).not.toContain('/api/Member/getQiniuToken');
    expect(server.calls).not.toContain('/api/upload');
  });

  it('gets a token, uploads the picture with it and saves it as the avatar', async () => {
    const server = fakeServer();
    const input = await renderProfile(server);
    const picture = new File([new Uint8Array([0x89, 0x50, 0x4e])], 'me.png', { type: 'image/png' });

    await userEvent.upload(input, picture);

    await waitFor(() => expect(server.calls).toContain('/api/member/updateInfo'));
    expect(server.calls.slice(0, 5)).toEqual([
      '/api/Member/info',
      '/api/user/avatarList',
      '/api/Member/getQiniuToken',
      '/api/upload',
      '/api/member/updateInfo',
    ]);
    const form = server.uploads[0]!;
    expect(form.get('token')).toBe('upload-token');
    expect(form.get('purpose')).toBe('avatar');
    expect(form.get('file')).toHaveProperty('size', picture.size);
    expect(await screen.findByRole('img', { name: profile.user_nickname })).toHaveAttribute(
      'src',
      '/media/uploads/0123456789abcdef0123456789abcdef.png',
    );
  });
});
