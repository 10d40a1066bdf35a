import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn } from 'storybook/test';
import en from '../i18n/messages/en.json';
import zh from '../i18n/messages/zh.json';
import { Pagination, pageWindow, type PaginationProps } from './pagination.tsx';

/** The button names as the app gives them (src/i18n/use-pagination-labels.ts), and a list's landmark name. */
const labelsIn = (messages: typeof zh) => ({
  label: messages['mall.goodsPages'],
  previousLabel: messages['pagination.previousPage'],
  nextLabel: messages['pagination.nextPage'],
  pageLabel: (page: number) => messages['pagination.page'].replace('{page}', String(page)),
});

const pageName = (page: number) => labelsIn(zh).pageLabel(page);

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
  args: { page: 1, pageCount: 12, onChange: fn(), ...labelsIn(zh) },
} satisfies Meta<typeof Pagination>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, args, userEvent }) => {
    await expect(canvas.getByRole('button', { name: zh['pagination.previousPage'] })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: pageName(1) })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(canvas.getByRole('button', { name: zh['pagination.nextPage'] }));
    await expect(args.onChange).toHaveBeenCalledWith(2);
    await userEvent.click(canvas.getByRole('button', { name: pageName(12) }));
    await expect(canvas.getByRole('button', { name: zh['pagination.nextPage'] })).toBeDisabled();
  },
};

export const Playground: Story = {
  argTypes: {
    page: { control: { type: 'number', min: 1 } },
    pageCount: { control: { type: 'number', min: 0 } },
  },
};

/** On the first page there is no going back; the window shows the first three pages and the last. */
export const FirstPage: Story = {
  play: async ({ canvas, args, userEvent }) => {
    await expect(canvas.getByRole('button', { name: zh['pagination.previousPage'] })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: zh['pagination.nextPage'] })).toBeEnabled();
    await expect(canvas.getByRole('button', { name: pageName(1) })).toHaveAttribute('aria-current', 'page');
    await expect(canvas.getAllByRole('button', { name: /第 \d+ 页/ }).map((button) => button.textContent)).toEqual(['1', '2', '3', '12']);
    await userEvent.click(canvas.getByRole('button', { name: zh['pagination.previousPage'] }));
    await expect(args.onChange).not.toHaveBeenCalled();
  },
};

/** On the last page there is no going on. */
export const LastPage: Story = {
  args: { page: 12 },
  play: async ({ canvas, args, userEvent }) => {
    await expect(canvas.getByRole('button', { name: zh['pagination.nextPage'] })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: pageName(12) })).toHaveAttribute('aria-current', 'page');
    await expect(canvas.getAllByRole('button', { name: /第 \d+ 页/ }).map((button) => button.textContent)).toEqual(['1', '10', '11', '12']);
    await userEvent.click(canvas.getByRole('button', { name: zh['pagination.nextPage'] }));
    await expect(args.onChange).not.toHaveBeenCalled();
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

/** A list that fits on one page has no pagination at all. */
export const SinglePage: Story = {
  args: { pageCount: 1 },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('navigation')).toBeNull();
  },
};

export const Chinese: Story = {
  globals: { locale: 'zh' },
  args: { page: 3 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('navigation', { name: zh['mall.goodsPages'] })).toBeVisible();
    await expect(canvas.getByRole('button', { name: '第 3 页' })).toHaveAttribute('aria-current', 'page');
  },
};

export const English: Story = {
  globals: { locale: 'en' },
  args: { ...labelsIn(en), page: 12 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('navigation', { name: en['mall.goodsPages'] })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Page 12' })).toHaveAttribute('aria-current', 'page');
    await expect(canvas.getByRole('button', { name: 'Next page' })).toBeDisabled();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  args: { page: 4 },
};
