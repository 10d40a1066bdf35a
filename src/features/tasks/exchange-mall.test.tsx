import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiProvider } from '../../api/api-context.tsx';
import { createApi } from '../../api/client.ts';
import { loadMessages } from '../../i18n/load-messages.ts';
import { ExchangeMall } from './exchange-mall.tsx';

const profile = { id: 7, user_nickname: '球迷小王', avatar: '/media/avatars/1.svg', balance: 5000 };
const shelf = [
  { id: 1, name: '5 Roses', img: '/media/gifts/rose.svg', description: 'Goes into your backpack', kind: 'gift', lz_num: 50, stock: null, limit_per_user: null },
  { id: 2, name: 'Match Ball', img: '/media/icons/goods-ball.svg', description: 'A size 5 match ball', kind: 'physical', lz_num: 60, stock: 3, limit_per_user: 1 },
  { id: 3, name: 'Custom Jersey', img: '/media/icons/goods-jersey.svg', description: 'Printed', kind: 'physical', lz_num: 500, stock: 0, limit_per_user: 1 },
];

interface Sent {
  body: Record<string, unknown>;
  key: string | null;
}

/** The server as the mall meets it: the shelf, my records, my coins; an exchange takes coins and stock. */
function fakeServer(options: { coins: number; refuse?: string; shelfTotal?: number }) {
  let coins = options.coins;
  const exchanges: Sent[] = [];
  const shelfPages: unknown[] = [];
  const records: unknown[] = [];
  const fetch = vi.fn(async (request: Request) => {
    const path = new URL(request.url).pathname;
    const answer = (data: unknown) => Response.json({ code: 0, msg: '', data });
    if (path === '/api/Member/info') return answer({ ...profile, coins });
    if (path === '/api/goods/goodsList') {
      const body = (await request.json()) as { kind?: string; page?: number };
      shelfPages.push(body.page);
      const list = shelf.filter((goods) => !body.kind || goods.kind === body.kind);
      return answer({ total: options.shelfTotal ?? list.length, page: body.page ?? 1, limit: 12, list });
    }
    if (path === '/api/goods/exchangeRecords') return answer({ total: records.length, page: 1, limit: 10, list: records });
    if (path === '/api/goods/exchange') {
      const body = (await request.json()) as { goods_id: number; count: number };
      exchanges.push({ body, key: request.headers.get('Idempotency-Key') });
      if (options.refuse) return Response.json({ code: 1, msg: options.refuse, data: null });
      const goods = shelf.find((item) => item.id === body.goods_id)!;
      coins -= goods.lz_num * body.count;
      const record = {
        id: records.length + 1,
        goods_id: goods.id,
        goods_name: goods.name,
        goods_img: goods.img,
        kind: goods.kind,
        count: body.count,
        lz_num: goods.lz_num * body.count,
        status: goods.kind === 'physical' ? 'pending' : 'completed',
        created_at: 1_764_000_000,
      };
      records.unshift(record);
      return answer({ record, coins });
    }
    return Response.json({ code: 1, msg: 'Not found', data: null });
  });
  return { fetch, exchanges, shelfPages };
}

async function renderMall(server: ReturnType<typeof fakeServer>) {
  localStorage.setItem('userInfo', JSON.stringify({ token: 'session-token', id: profile.id, profile }));
  const api = createApi({ baseUrl: 'http://pitchside.test', session: { send: () => undefined }, fetch: server.fetch });
  render(
    <IntlProvider locale="en" messages={await loadMessages('en')}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ApiProvider api={api}>
          <ExchangeMall />
        </ApiProvider>
      </QueryClientProvider>
    </IntlProvider>,
  );
  await screen.findByRole('heading', { name: '5 Roses' });
}

afterEach(() => localStorage.clear());

describe('the exchange mall', () => {
  it('shows the goods with their price, stock and limit, and cannot exchange what is sold out', async () => {
    await renderMall(fakeServer({ coins: 100 }));
    expect(screen.getByText('50 coins')).toBeInTheDocument();
    expect(screen.getByText('Plenty in stock')).toBeInTheDocument();
    expect(screen.getByText('3 left · Limit 1 per user')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sold out: Custom Jersey' })).toBeDisabled();
    expect(await screen.findByText('My coins: 100')).toBeInTheDocument();
    expect(screen.getByText('No data')).toBeInTheDocument();
  });

  it('filters the shelf by kind', async () => {
    const server = fakeServer({ coins: 100 });
    await renderMall(server);
    await userEvent.click(screen.getByRole('button', { name: 'Physical' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: '5 Roses' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Physical' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('heading', { name: 'Match Ball' })).toBeInTheDocument();
  });

  it('pages a shelf of more than twelve goods with the shared page buttons', async () => {
    const server = fakeServer({ coins: 100, shelfTotal: 30 });
    await renderMall(server);
    const pages = screen.getByRole('navigation', { name: 'Goods pages' });
    expect(within(pages).getByRole('button', { name: 'Previous page' })).toBeDisabled();
    expect(within(pages).getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(within(pages).getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(server.shelfPages.at(-1)).toBe(3));
    expect(within(pages).getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('asks for the receiver of physical goods in the SPEC words, then exchanges and shows the coins left and the record', async () => {
    const server = fakeServer({ coins: 100 });
    await renderMall(server);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Exchange: Match Ball' }));
    const dialog = await screen.findByRole('dialog', { name: 'Exchange: Match Ball' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm exchange' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please complete the information before submitting');
    expect(server.exchanges).toEqual([]);

    await user.type(within(dialog).getByLabelText('Receiver'), 'Wang Xiaoming');
    await user.type(within(dialog).getByLabelText('Phone'), '13800001111');
    await user.type(within(dialog).getByLabelText('Delivery address'), '100 Century Avenue, Shanghai');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm exchange' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Operation successful');
    expect(within(dialog).getByText('Coins left: 40')).toBeInTheDocument();
    expect(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)).toHaveFocus();
    expect(server.exchanges).toHaveLength(1);
    expect(server.exchanges[0]!.body).toEqual({
      goods_id: 2,
      count: 1,
      receiver_name: 'Wang Xiaoming',
      receiver_phone: '13800001111',
      receiver_address: '100 Century Avenue, Shanghai',
    });
    expect(server.exchanges[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    // The coins and the records are read again after the exchange.
    expect(await screen.findByText('My coins: 40')).toBeInTheDocument();
    const records = await screen.findByRole('table', { name: 'My exchange records' });
    expect(within(records).getByText('Match Ball')).toBeInTheDocument();
    expect(within(records).getByText('Awaiting shipment')).toBeInTheDocument();
  });

  it('says the coins are not enough before sending anything', async () => {
    const server = fakeServer({ coins: 80 });
    await renderMall(server);
    await screen.findByText('My coins: 80');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Exchange: 5 Roses' }));
    const dialog = await screen.findByRole('dialog');
    const count = within(dialog).getByLabelText('Quantity');
    await user.clear(count);
    await user.type(count, '2');
    expect(within(dialog).getByText('Total: 100 coins')).toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Not enough coins: sign in and do tasks to earn more');
    expect(within(dialog).getByRole('button', { name: 'Confirm exchange' })).toBeDisabled();
    expect(server.exchanges).toEqual([]);
  });

  it("shows the server's reason when it refuses, and keeps the key when the same exchange is tried again", async () => {
    const server = fakeServer({ coins: 100, refuse: 'This item is sold out' });
    await renderMall(server);
    await screen.findByText('My coins: 100');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Exchange: 5 Roses' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm exchange' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This item is sold out');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm exchange' }));
    await waitFor(() => expect(server.exchanges).toHaveLength(2));
    expect(server.exchanges[1]!.key).toBe(server.exchanges[0]!.key);
  });
});
