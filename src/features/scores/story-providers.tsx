import { useState, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { createActor, fromCallback } from 'xstate';
import type { ApiData } from '../../api/client.ts';
import { okAnswer, StoryApiProviders } from '../../api/story-api.tsx';
import { siteSocketMachine, type ConnectionCommand } from '../../machines/site-socket-machine.ts';
import { SiteSocketProvider } from '../../realtime/site-socket.tsx';
import { sampleBasketballTable, sampleBattle, sampleDetail, sampleFootballTable, sampleListPage, sampleOdds } from './story-matches.ts';

// Page stories run the real screens against the fixtures of story-matches.ts: a fake fetch answers
// the score calls behind the app's real API client, and the site socket never connects.

type ListPage = ApiData<'/api/hot_match/all_match', 'post'>;

/** hot_match/all_match: the fixture list, with the odds of the company asked for. */
function listFor(body: { company_id?: number; status?: string }): ListPage {
  const companyId = body.company_id ?? 1;
  const list = sampleListPage.list
    .filter((match) => !body.status || body.status === 'all' || match.status === body.status)
    .map((match) => ({ ...match, odds: { ...sampleOdds(companyId, companyId === 1 ? 0 : 0.05), match_id: match.id } }));
  return { ...sampleListPage, list, total: list.length };
}

async function fakeFetch(request: Request): Promise<Response> {
  const url = new URL(request.url);
  switch (url.pathname) {
    case '/api/hot_match/all_match':
      return okAnswer(listFor((await request.json()) as { company_id?: number; status?: string }));
    case '/api/hot_match/msgGetSimple':
      return okAnswer(sampleDetail);
    case '/api/Football/season_table':
      return okAnswer(Number(url.searchParams.get('league_id')) === sampleBasketballTable.league.id ? sampleBasketballTable : sampleFootballTable);
    case '/api/hot_match/battleInfo':
      return okAnswer(sampleBattle(Number(url.searchParams.get('type')) as 1 | 2 | 3 | 4));
    default:
      return new Response(null, { status: 404 });
  }
}

const quietConnection = fromCallback<ConnectionCommand, { url: string }>(() => () => undefined);

/** Query client, API client on the fake fetch, a socket that never connects, and a router at `path`. */
export function ScoresStoryProviders({ path, children }: { path: string; children: ReactNode }) {
  const [socket] = useState(() =>
    createActor(siteSocketMachine.provide({ actors: { connection: quietConnection } }), {
      input: { url: 'ws://story.invalid/ws', companyId: 1, classifyType: 0, token: null, random: () => 0.5 },
    }).start(),
  );
  return (
    <MemoryRouter initialEntries={[path]}>
      <StoryApiProviders fetch={fakeFetch}>
        <SiteSocketProvider socket={socket}>{children}</SiteSocketProvider>
      </StoryApiProviders>
    </MemoryRouter>
  );
}
