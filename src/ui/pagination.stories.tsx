import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn } from 'storybook/test';
import { Pagination, pageWindow, type PaginationProps } from './pagination.tsx';

function Controlled(props: PaginationProps) {
  const [page, setPage] = useState(props.page);
  return (
    <Pagination
      {...props}
      page={page}
      onChange={(next) => {
        setPage(next);
        props.onChange(next);
      }}
    />
  );
}

const meta = {
  title: 'ui/Pagination',
  component: Pagination,
  render: (args) => <Controlled {...args} />,
  args: {
    page: 1,
    pageCount: 12,
    onChange: fn(),
    label: '分页',
    previousLabel: '上一页',
    nextLabel: '下一页',
    pageLabel: (page: number) => `第 ${String(page)} 页`,
  },
} satisfies Meta<typeof Pagination>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, args, userEvent }) => {
    await expect(canvas.getByRole('button', { name: '上一页' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: '第 1 页' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(canvas.getByRole('button', { name: '下一页' }));
    await expect(args.onChange).toHaveBeenCalledWith(2);
    await userEvent.click(canvas.getByRole('button', { name: '第 12 页' }));
    await expect(canvas.getByRole('button', { name: '下一页' })).toBeDisabled();
  },
};

export const Playground: Story = {
  argTypes: {
    page: { control: { type: 'number', min: 1 } },
    pageCount: { control: { type: 'number', min: 0 } },
  },
};

export const Middle: Story = {
  args: { page: 6 },
  play: async ({ canvas }) => {
    await expect(pageWindow(6, 12)).toEqual([1, 'gap', 4, 5, 6, 7, 8, 'gap', 12]);
    await expect(canvas.getAllByRole('button')).toHaveLength(9);
  },
};

export const FewPages: Story = {
  args: { pageCount: 3, page: 2 },
};

export const OnePage: Story = {
  args: { pageCount: 1 },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('navigation')).toBeNull();
  },
};

export const Chinese: Story = {
  globals: { locale: 'zh' },
  args: { page: 3 },
};

export const English: Story = {
  globals: { locale: 'en' },
  args: { label: 'Pages', previousLabel: 'Previous page', nextLabel: 'Next page', pageLabel: (page: number) => `Page ${String(page)}`, page: 12 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('navigation', { name: 'Pages' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Next page' })).toBeDisabled();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  args: { page: 4 },
};
