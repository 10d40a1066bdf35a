import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { DataTable, numeric } from './data-table.tsx';

const rows = [
  { team: '拜仁慕尼黑', teamEn: 'Bayern Munich', played: 12, won: 10, drawn: 1, lost: 1, points: 31 },
  { team: '勒沃库森', teamEn: 'Leverkusen', played: 12, won: 8, drawn: 3, lost: 1, points: 27 },
  { team: '多特蒙德', teamEn: 'Dortmund', played: 12, won: 7, drawn: 2, lost: 3, points: 23 },
];

function Standings({ english = false }: { english?: boolean }) {
  return (
    <>
      <thead>
        <tr>
          <th scope="col">#</th>
          <th scope="col">{english ? 'Team' : '球队'}</th>
          <th scope="col">{english ? 'P' : '赛'}</th>
          <th scope="col">{english ? 'W' : '胜'}</th>
          <th scope="col">{english ? 'D' : '平'}</th>
          <th scope="col">{english ? 'L' : '负'}</th>
          <th scope="col">{english ? 'Pts' : '积分'}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr key={row.team}>
            <td className={numeric}>{index + 1}</td>
            <th scope="row">{english ? row.teamEn : row.team}</th>
            <td className={numeric}>{row.played}</td>
            <td className={numeric}>{row.won}</td>
            <td className={numeric}>{row.drawn}</td>
            <td className={numeric}>{row.lost}</td>
            <td className={numeric}>{row.points}</td>
          </tr>
        ))}
      </tbody>
    </>
  );
}

const meta = {
  title: 'ui/DataTable',
  component: DataTable,
  args: { caption: '德甲积分榜', children: <Standings /> },
} satisfies Meta<typeof DataTable>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    const table = canvas.getByRole('table', { name: '德甲积分榜' });
    await expect(table).toBeVisible();
    // The caption is read, not seen, unless asked for.
    await expect(canvas.getByText('德甲积分榜')).toHaveClass('ps-visually-hidden');
    await expect(canvas.getByRole('rowheader', { name: '拜仁慕尼黑' })).toBeVisible();
  },
};

export const Playground: Story = {
  argTypes: {
    caption: { control: 'text' },
    captionShown: { control: 'boolean' },
    layout: { control: 'inline-radio', options: ['auto', 'fixed'] },
  },
};

export const CaptionShown: Story = {
  args: { captionShown: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('德甲积分榜')).not.toHaveClass('ps-visually-hidden');
  },
};

/** Fixed columns: two tables of one kind line up under each other. */
export const FixedLayout: Story = {
  args: { caption: 'A组', captionShown: true, layout: 'fixed' },
  render: (args) => (
    <div style={{ display: 'grid', gap: 16 }}>
      <DataTable {...args} />
      <DataTable {...args} caption="B组" />
    </div>
  ),
  play: async ({ canvas }) => {
    const [first, second] = canvas.getAllByRole('table');
    await expect(first?.querySelector('th')?.getBoundingClientRect().width).toBe(second?.querySelector('th')?.getBoundingClientRect().width);
  },
};

export const Chinese: Story = {
  globals: { locale: 'zh' },
  args: { captionShown: true },
};

export const English: Story = {
  globals: { locale: 'en' },
  args: { caption: 'Bundesliga table', captionShown: true, children: <Standings english /> },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('table', { name: 'Bundesliga table' })).toBeVisible();
  },
};

export const Phone: Story = {
  globals: { viewport: { value: 'phone' } },
  args: { captionShown: true, layout: 'fixed' },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  args: { captionShown: true },
};
