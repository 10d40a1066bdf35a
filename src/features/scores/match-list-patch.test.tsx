import { render, screen, waitFor, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { okAnswer, StoryApiProviders } from '../../api/story-api.tsx';
import { loadMessages } from '../../i18n/load-messages.ts';
import { siteSocketMachine, type ConnectionCommand } from '../../machines/site-socket-machine.ts';
import { SchedulePage } from './schedule-page.tsx';
import { SiteSocketProvider } from '../../realtime/site-socket.tsx';
import { sampleListPage, sampleMatch } from './story-matches.ts';

// Why this test: /schedule cached its day under the all_match key as an array of pages, and the live
// patch treated every all_match entry as one `{ list }`: a match push with /schedule open threw.

async function fakeFetch(request: Request): Promise<Response> {
  if (new URL(request.url).pathname === '/api/hot_match/all_match') return okAnswer(sampleListPage);
  return new Response(null, { status: 404 });
}

function subscribedSocket() {
  const quiet = fromCallback<ConnectionCommand, { url: string }>(() => () => undefined);
  const socket = createActor(siteSocketMachine.provide({ actors: { connection: quiet } }), {
    input: { url: 'ws://test.invalid/ws', companyId: 1, classifyType: 0, token: null, random: () => 0.5 },
  }).start();
  socket.send({ type: 'socket.opened' });
  socket.send({
    type: 'socket.message',
    message: { code: 101, type: 'registered', connection_id: 'c1', server_time: 0, heartbeat_ms: 30_000, user_id: null },
  });
  return socket;
}

async function renderSchedule(socket: ReturnType<typeof subscribedSocket>) {
  render(
    <IntlProvider locale="en" messages={await loadMessages('en')}>
      <MemoryRouter initialEntries={['/schedule?type=1']}>
        <StoryApiProviders fetch={fakeFetch}>
          <SiteSocketProvider socket={socket}>
            <SchedulePage title="Schedule" />
          </SiteSocketProvider>
        </StoryApiProviders>
      </MemoryRouter>
    </IntlProvider>,
  );
  const list = await screen.findByRole('list', { name: 'Schedule' });
  return () => list.querySelector(`li[data-match-id="${String(sampleMatch.id)}"]`) as HTMLElement;
}

describe('a pushed match while /schedule is on screen', () => {
  it('changes the schedule row in place', async () => {
    const socket = subscribedSocket();
    const row = await renderSchedule(socket);
    expect(within(row()).getByTestId('match-score')).toHaveTextContent('2 - 1');

    socket.send({
      type: 'socket.message',
      // A push names only what changed: the row keeps its teams and league.
      message: { code: 100, type: 'football_match', seq: 1, data: { id: sampleMatch.id, sport: sampleMatch.sport, home_score: 3 } },
    });

    await waitFor(() => expect(within(row()).getByTestId('match-score')).toHaveTextContent('3 - 1'));
    expect(row()).toHaveTextContent(sampleMatch.home_team.name_en);
    expect(row()).toHaveTextContent(sampleMatch.away_team.name_en);
    socket.stop();
  });

  it('applies pushed odds that name only the market that moved', async () => {
    const socket = subscribedSocket();
    const row = await renderSchedule(socket);
    const handicap = () => within(row()).getByTestId('match-odds');
    expect(handicap()).toHaveTextContent('0.86');
    socket.send({
      type: 'socket.message',
      message: {
        code: 100,
        type: 'football_exponent',
        seq: 1,
        data: { match_id: sampleMatch.id, company_id: 1, updated_at: 1_763_800_060, asian_handicap: { current: { home: 0.79, line: -0.5, away: 1.05 } } },
      },
    });
    await waitFor(() => expect(handicap()).toHaveTextContent('0.79'));
    expect(handicap()).toHaveTextContent('1.05');
    // The over/under market, which the push did not name, keeps its prices.
    expect(row()).toHaveTextContent('0.92');
    socket.stop();
  });
});
