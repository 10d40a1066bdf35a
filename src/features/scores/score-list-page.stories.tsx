import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import en from '../../i18n/messages/en.json';
import zh from '../../i18n/messages/zh.json';
import { ScoreListPage } from './score-list-page.tsx';
import { ScoresStoryProviders } from './story-providers.tsx';

// The /football page as a whole, on the fixtures of story-matches.ts.

const meta = {
  title: 'scores/pages/ScoreListPage',
  component: ScoreListPage,
  args: { title: zh['route.football'], sport: 'football' },
  parameters: { layout: 'fullscreen' },
  decorators: [
    (Story) => (
      <ScoresStoryProviders path="/football">
        <Story />
      </ScoresStoryProviders>
    ),
  ],
} satisfies Meta<typeof ScoreListPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    const list = await canvas.findByRole('list', { name: zh['route.football'] });
    await expect(list.querySelectorAll('li[data-match-id]')).toHaveLength(3);
    await expect(canvas.getAllByTestId('match-score')[0]).toHaveTextContent('2 - 1');
  },
};

export const Playground: Story = {};

export const English: Story = {
  args: { title: en['route.football'] },
  globals: { locale: 'en' },
  play: async ({ canvas }) => {
    await canvas.findByRole('list', { name: en['route.football'] });
    await expect(canvas.getAllByText('Arsenal').length).toBeGreaterThan(0);
  },
};

/** The status tabs ask the server again; the over tab lists only the finished match. */
export const OverTab: Story = {
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('list', { name: zh['route.football'] });
    await userEvent.click(canvas.getByRole('tab', { name: zh['status.finished'] }));
    await waitFor(() => expect(canvas.getByRole('list', { name: zh['route.football'] }).querySelectorAll('li[data-match-id]')).toHaveLength(1));
  },
};

/** Another odds company: the rows show that company's prices. */
export const SwitchCompany: Story = {
  globals: { locale: 'en' },
  args: { title: en['route.football'] },
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('list', { name: en['route.football'] });
    const before = canvas.getAllByTestId('match-odds')[0]!.textContent;
    await expect(canvas.getByLabelText(en['scores.company'])).toHaveDisplayValue('Macau');
    await userEvent.selectOptions(canvas.getByLabelText(en['scores.company']), '3');
    await waitFor(() => expect(canvas.getAllByTestId('match-odds')[0]!.textContent).not.toBe(before));
  },
};

export const Phone: Story = {
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvas }) => {
    await canvas.findByRole('list', { name: zh['route.football'] });
  },
};
