import { act, render, screen, waitFor } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import type { components } from '../../api/schema.d.ts';
import { okAnswer, StoryApiProviders } from '../../api/story-api.tsx';
import { loadMessages } from '../../i18n/load-messages.ts';
import { MessagingProvider, noMessaging } from '../../realtime/messaging-context.tsx';
import type { MessagingEvent, MessagingPort } from '../../realtime/messaging-port.ts';
import { RoomHorns } from './room-horns.tsx';

type HornMessage = components['schemas']['HornMessage'];

const horn = (id: number, content: string, secondsAgo = 0): HornMessage => ({
  id,
  content,
  user: { id: 7, user_nickname: `号手${String(id)}`, avatar: '', exp_icon: '', is_anchor: 0 },
  created_at: Math.floor(Date.now() / 1000) - secondsAgo,
});

/** A messaging port whose pushes the test makes, and a server whose horn list the test sets. */
async function renderHorns({ pushesHorns, listed }: { pushesHorns: boolean; listed: HornMessage[] }) {
  const listeners = new Set<(event: MessagingEvent) => void>();
  const port: MessagingPort = {
    ...noMessaging,
    pushesHorns,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const server = { listed, reads: 0 };
  const fetch = async (request: Request) => {
    const url = new URL(request.url);
    if (url.pathname === '/api/Member/hornList') {
      server.reads += 1;
      return okAnswer({ total: server.listed.length, page: 1, limit: 1, list: server.listed.slice(0, 1) });
    }
    if (url.pathname === '/api/universal/getConfig') return okAnswer({ horn_price: 10 });
    return okAnswer(null);
  };
  render(
    <IntlProvider locale="en" messages={await loadMessages('en')}>
      <StoryApiProviders fetch={fetch}>
        <MessagingProvider port={port}>
          <RoomHorns />
        </MessagingProvider>
      </StoryApiProviders>
    </IntlProvider>,
  );
  const push = (event: MessagingEvent) => act(() => listeners.forEach((listener) => listener(event)));
  return { server, push };
}

const strip = () => screen.getByRole('status', { name: 'Latest horn' });

describe('the horn strip of a room', () => {
  it('shows a horn pushed by the messaging service at once, and an older or repeated one not over it', async () => {
    const { server, push } = await renderHorns({ pushesHorns: true, listed: [horn(3, '开场喇叭')] });
    await waitFor(() => expect(strip()).toHaveTextContent('开场喇叭'));
    push({ type: 'horn', horn: horn(4, '进球了！') });
    await waitFor(() => expect(strip()).toHaveTextContent('号手4进球了！'));
    push({ type: 'horn', horn: horn(3, '开场喇叭') });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(strip()).toHaveTextContent('进球了！');
    expect(server.reads).toBe(1);
  });

  it('reads the list again after the connection came back, for the horns blown meanwhile', async () => {
    const { server, push } = await renderHorns({ pushesHorns: true, listed: [horn(3, '开场喇叭')] });
    await waitFor(() => expect(strip()).toHaveTextContent('开场喇叭'));
    server.listed = [horn(9, '断线时的喇叭'), ...server.listed];
    push({ type: 'reconnected' });
    await waitFor(() => expect(strip()).toHaveTextContent('断线时的喇叭'));
    expect(server.reads).toBe(2);
  });

  it('does not show a horn older than the time a horn is news', async () => {
    await renderHorns({ pushesHorns: true, listed: [horn(3, '很久以前', 10 * 60)] });
    await waitFor(() => expect(strip()).not.toHaveTextContent('很久以前'));
  });
});
