import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { StrictMode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fromCallback } from 'xstate';
import type { Api } from '../../api/client.ts';
import { memberInfoQuery, siteConfigQuery } from '../../api/queries/account.ts';
import { noMessaging } from '../../realtime/messaging-context.tsx';
import type { MessagingPort } from '../../realtime/messaging-port.ts';

function fakes() {
  const calls = () => ({ get: vi.fn(async () => ({})), post: vi.fn(async () => ({})) });
  const api = { ...calls(), quiet: calls() } as unknown as Api;
  const messaging: MessagingPort = {
    ...noMessaging,
    login: vi.fn(async () => undefined),
    logout: vi.fn(async () => undefined),
    guestAccount: vi.fn(async () => undefined),
    updateProfile: vi.fn(async () => undefined),
  };
  const socketStarts = vi.fn();
  const socketStops = vi.fn();
  const siteSocket = fromCallback(() => {
    socketStarts();
    return socketStops;
  });
  const queryClient = new QueryClient();
  return { api, messaging, queryClient, siteSocket, socketStarts, socketStops };
}

// Each test loads the hook afresh: the start-up it runs belongs to the page, that is the module.
async function loadUseStartup() {
  vi.resetModules();
  return (await import('./use-startup.ts')).useStartup;
}

describe('useStartup', () => {
  it('runs once under StrictMode: one guest messaging account, one socket, one kick-out list', async () => {
    const useStartup = await loadUseStartup();
    const { api, messaging, queryClient, siteSocket, socketStarts, socketStops } = fakes();
    function Shell() {
      useStartup({ api, messaging, queryClient, siteSocket });
      return null;
    }
    render(
      <StrictMode>
        <Shell />
      </StrictMode>,
    );
    await vi.waitFor(() => expect(messaging.guestAccount).toHaveBeenCalled());
    expect(messaging.guestAccount).toHaveBeenCalledTimes(1);
    expect(socketStarts).toHaveBeenCalledTimes(1);
    expect(socketStops).not.toHaveBeenCalled();
    expect(vi.mocked(api.post).mock.calls.filter(([path]) => path === '/api/live/liveKickoutList')).toHaveLength(1);
  });

  it('keeps the one start-up when the shell remounts', async () => {
    const useStartup = await loadUseStartup();
    const { api, messaging, queryClient, siteSocket, socketStarts } = fakes();
    function Shell() {
      useStartup({ api, messaging, queryClient, siteSocket });
      return null;
    }
    render(<Shell />).unmount();
    render(<Shell />);
    await vi.waitFor(() => expect(messaging.guestAccount).toHaveBeenCalled());
    expect(messaging.guestAccount).toHaveBeenCalledTimes(1);
    expect(socketStarts).toHaveBeenCalledTimes(1);
  });

  it('waits for the first idle moment after the page is shown, so the first screen loads first', async () => {
    vi.useFakeTimers();
    try {
      const useStartup = await loadUseStartup();
      const { api, messaging, queryClient, siteSocket, socketStarts } = fakes();
      function Shell() {
        useStartup({ api, messaging, queryClient, siteSocket });
        return null;
      }
      render(<Shell />);
      expect(api.post).not.toHaveBeenCalled();
      expect(socketStarts).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(0);
      expect(vi.mocked(api.post).mock.calls.map(([path]) => path)).toContain('/api/live/liveKickoutList');
      expect(socketStarts).toHaveBeenCalledOnce();
    } finally {
      vi.useRealTimers();
    }
  });

  it('pushes the profile to messaging 1 s after the stored user changes', async () => {
    vi.useFakeTimers();
    try {
      const useStartup = await loadUseStartup();
      const { api, messaging, queryClient, siteSocket } = fakes();
      localStorage.setItem('imTouristAccount', JSON.stringify({ id: 'guest-1', sig: 'sig' }));
      function Shell() {
        useStartup({ api, messaging, queryClient, siteSocket });
        return null;
      }
      render(<Shell />);
      localStorage.setItem('userInfo', JSON.stringify({ profile: { user_nickname: '球迷小王', avatar: '/a.png' } }));
      window.dispatchEvent(new Event('pitchside:user-changed'));
      await vi.advanceTimersByTimeAsync(999);
      expect(messaging.updateProfile).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(messaging.updateProfile).toHaveBeenCalledWith({ nick: '球迷小王', avatar: '/a.png' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('loads the config through the page query cache, so the shell and start-up ask once between them', async () => {
    const useStartup = await loadUseStartup();
    const { api, messaging, queryClient, siteSocket } = fakes();
    vi.mocked(api.quiet.get).mockResolvedValue({ site_name: 'Pitchside' });
    function Shell() {
      useStartup({ api, messaging, queryClient, siteSocket });
      useQuery(siteConfigQuery(api));
      return null;
    }
    render(
      <QueryClientProvider client={queryClient}>
        <Shell />
      </QueryClientProvider>,
    );
    await vi.waitFor(() => expect(messaging.guestAccount).toHaveBeenCalled());
    expect(vi.mocked(api.quiet.get).mock.calls.filter(([path]) => path === '/api/universal/getConfig')).toHaveLength(1);
    expect(api.get).not.toHaveBeenCalled();
    expect(queryClient.getQueryData(siteConfigQuery(api).queryKey)).toEqual({ site_name: 'Pitchside' });
  });

  it('loads a stored user\'s profile into the one cache entry the shell and the personal centre read', async () => {
    const useStartup = await loadUseStartup();
    const { api, messaging, queryClient, siteSocket } = fakes();
    const profile = { id: 7, user_nickname: '球迷小王', avatar: '/a.png' };
    vi.mocked(api.get).mockResolvedValue(profile);
    localStorage.setItem('userInfo', JSON.stringify({ token: 'tok', id: 7, userSig: 'sig', profile }));
    try {
      function Shell() {
        useStartup({ api, messaging, queryClient, siteSocket });
        return null;
      }
      render(<Shell />);
      await vi.waitFor(() => expect(queryClient.getQueryData(memberInfoQuery(api, 7).queryKey)).toEqual(profile));
      const profileEntries = queryClient
        .getQueryCache()
        .findAll()
        .filter((query) => query.queryKey[1] === '/api/Member/info');
      expect(profileEntries).toHaveLength(1);
      // The upload token waits for an upload.
      const asked = [...vi.mocked(api.post).mock.calls, ...vi.mocked(api.quiet.post).mock.calls].map(([path]) => path);
      expect(asked).not.toContain('/api/Member/getQiniuToken');
    } finally {
      localStorage.removeItem('userInfo');
    }
  });
});
