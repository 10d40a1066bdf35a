import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { FittedName, FittedNameGroup } from './fitted-name.tsx';

// The name's box decides: one line, cut at its edge, so a name too long for the box gives way.
const oneLine = 'fitted-name-story-line';
const boxStyle = `.${oneLine} { display: block; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; font-size: 16px; }`;

function Box({ width, children }: { width: number; children: React.ReactNode }) {
  return (
    <div style={{ width, border: '1px dashed var(--color-border, #ccc)', padding: 4 }}>
      <style>{boxStyle}</style>
      {children}
    </div>
  );
}

const meta = {
  title: 'ui/FittedName',
  component: FittedName,
  args: { full: 'Manchester United', short: 'Man Utd', className: oneLine },
  render: (args) => (
    <Box width={240}>
      <FittedName {...args} />
    </Box>
  ),
} satisfies Meta<typeof FittedName>;

export default meta;
type Story = StoryObj<typeof meta>;

export const FullNameFits: Story = {
  play: async ({ canvas }) => {
    await waitFor(() => expect(canvas.getByText('Manchester United')).toBeVisible());
    await expect(canvas.queryByText('Man Utd')).toBeNull();
  },
};

export const ShortWhereCut: Story = {
  render: (args) => (
    <Box width={70}>
      <FittedName {...args} />
    </Box>
  ),
  play: async ({ canvas }) => {
    const name = await canvas.findByText('Man Utd');
    // The full name stays readable on hover.
    await expect(name).toHaveAttribute('title', 'Manchester United');
  },
};

export const Chinese: Story = {
  args: { full: '曼彻斯特联足球俱乐部', short: '曼联' },
  render: (args) => (
    <Box width={90}>
      <FittedName {...args} />
    </Box>
  ),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('曼联')).toHaveAttribute('title', '曼彻斯特联足球俱乐部');
  },
};

/** In a group, one name cut makes every name short, so a column never mixes the two forms. */
export const GroupGivesWayTogether: Story = {
  render: (args) => (
    <Box width={110}>
      <FittedNameGroup>
        <FittedName full="Arsenal" short="ARS" className={args.className} />
        <FittedName full="Wolverhampton Wanderers" short="WOL" className={args.className} />
      </FittedNameGroup>
    </Box>
  ),
  play: async ({ canvas }) => {
    await waitFor(() => expect(canvas.getByText('WOL')).toBeVisible());
    await waitFor(() => expect(canvas.getByText('ARS')).toBeVisible());
    await expect(canvas.queryByText('Arsenal')).toBeNull();
  },
};
