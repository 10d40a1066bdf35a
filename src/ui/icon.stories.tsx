import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Icon, iconNames } from './icon.tsx';

const meta = {
  title: 'ui/Icon',
  component: Icon,
  args: { name: 'football', size: 20 },
} satisfies Meta<typeof Icon>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const svg = canvasElement.querySelector('svg');
    await expect(svg).toHaveAttribute('aria-hidden', 'true');
    await expect(svg).toHaveAttribute('width', '20');
  },
};

export const Playground: Story = {
  argTypes: {
    name: { control: 'select', options: iconNames },
    size: { control: { type: 'range', min: 12, max: 64, step: 2 } },
  },
};

export const Large: Story = {
  args: { name: 'basketball', size: 48 },
};

/** Every glyph of the set, at the size the top bar and side bar use. */
export const Catalogue: Story = {
  render: () => (
    <ul style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, 110px)', gap: 12, padding: 0, listStyle: 'none' }}>
      {iconNames.map((name) => (
        <li key={name} style={{ display: 'flex', alignItems: 'center', gap: 6, fontSize: 12 }}>
          <Icon name={name} size={24} />
          {name}
        </li>
      ))}
    </ul>
  ),
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelectorAll('svg').length).toBe(iconNames.length);
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  render: () => (
    <span style={{ color: 'var(--ps-text)', display: 'flex', gap: 8 }}>
      <Icon name="football" />
      <Icon name="basketball" />
      <Icon name="esports" />
      <Icon name="live" />
    </span>
  ),
};
