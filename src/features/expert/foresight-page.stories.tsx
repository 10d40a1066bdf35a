import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import type { components } from '../../api/schema';
import { okAnswer, StoryApiProviders } from '../../api/story-api.tsx';
import en from '../../i18n/messages/en.json';
import zh from '../../i18n/messages/zh.json';
import { sampleCrestAway, sampleCrestHome } from '../../ui/story-images.ts';
import { ForesightPage } from './foresight-page.tsx';

// /foresight on two upcoming matches, answered by a fake fetch behind the app's real API client.

type Match = components['schemas']['Match'];
type Odds = components['schemas']['MatchOdds'];

const odds = (matchId: number, companyId: number, home: number, draw: number | null, away: number): Odds => ({
  match_id: matchId,
  company_id: companyId,
  company_name: companyId === 1 ? '澳门' : 'Bet365',
  company_name_en: companyId === 1 ? 'Macau' : 'Bet365',
  asian_handicap: { initial: null, current: null },
  over_under: { initial: null, current: null },
  one_x_two: { initial: { home, draw, away }, current: { home, draw, away } },
  suspended: false,
  updated_at: 1_763_800_000,
});

const match = (id: number, home: string, away: string, prices: [number, number | null, number]): Match => ({
  id,
  sport: 'football',
  league: { id: 1, name: '英格兰足球超级联赛', name_en: 'Premier League', short_name_zh: '英超', logo: '', sport: 'football', country: '英格兰' },
  round: '第13轮',
  round_en: 'Round 13',
  best_of: null,
  home_team: { id: id * 10, name: home, name_en: home === '阿森纳' ? 'Arsenal' : 'Liverpool', short_name_zh: home, logo: sampleCrestHome },
  away_team: { id: id * 10 + 1, name: away, name_en: away === '切尔西' ? 'Chelsea' : 'Manchester City', short_name_zh: away, logo: sampleCrestAway },
  home_team_name_zh: home,
  away_team_name_zh: away,
  home_score: 0,
  away_score: 0,
  home_half_score: null,
  away_half_score: null,
  period_scores: [],
  status: 'not_started',
  phase: 'not_started',
  minute: null,
  match_str: '',
  start_time: 1_763_807_400 + id * 3600,
  home_red_cards: 0,
  away_red_cards: 0,
  home_yellow_cards: 0,
  away_yellow_cards: 0,
  home_corners: 0,
  away_corners: 0,
  anchor_count: 0,
  is_collect: 0,
  odds: odds(id, 1, ...prices),
});

const list = [match(1, '阿森纳', '切尔西', [1.8, 3.6, 4.5]), match(2, '利物浦', '曼城', [3.1, 3.5, 2.2])];

async function fakeFetch(request: Request): Promise<Response> {
  if (new URL(request.url).pathname !== '/api/hot_match/all_match') return new Response(null, { status: 404 });
  const body = (await request.json()) as { company_id?: number };
  const company = body.company_id ?? 1;
  const data = {
    total: list.length,
    page: 1,
    limit: 60,
    // The second company prices the first match closer.
    list: company === 1 ? list : list.map((entry) => ({ ...entry, odds: odds(entry.id, company, 2.4, 3.2, 2.9) })),
    leagues: [{ league: list[0]!.league, match_count: 2 }],
    companies: [
      { id: 1, name: '澳门', name_en: 'Macau' },
      { id: 3, name: 'Bet365', name_en: 'Bet365' },
    ],
  };
  return okAnswer(data);
}


const meta = {
  title: 'expert/pages/ForesightPage',
  component: ForesightPage,
  args: { title: zh['route.foresight'] },
  parameters: { layout: 'fullscreen' },
  decorators: [
    (Story) => (
      <StoryApiProviders fetch={fakeFetch}>
        <Story />
      </StoryApiProviders>
    ),
  ],
} satisfies Meta<typeof ForesightPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    const predictions = await canvas.findByRole('list', { name: zh['foresight.list'] });
    await expect(predictions.querySelectorAll('li')).toHaveLength(2);
    // 1.80 / 3.60 / 4.50 without the margin: 53 %, 26 %, 21 %.
    await expect(canvas.getByRole('img', { name: '主胜53%，平局26%，客胜21%' })).toBeVisible();
  },
};

export const Playground: Story = {};

export const English: Story = {
  args: { title: en['route.foresight'] },
  globals: { locale: 'en' },
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('list', { name: en['foresight.list'] });
    await expect(canvas.getAllByText('Lean: Home')).toHaveLength(1);
    await expect(canvas.getByRole('option', { name: 'Macau' })).toBeInTheDocument();
    await userEvent.selectOptions(canvas.getByLabelText(en['scores.company']), '3');
    await waitFor(() => expect(canvas.getAllByText('Lean: Home')).toHaveLength(2));
  },
};

export const Phone: Story = {
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvas }) => {
    await canvas.findByRole('list', { name: zh['foresight.list'] });
  },
};
