import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { ApiProvider } from '../../api/api-context.tsx';
import { createApi } from '../../api/client.ts';
import { loadMessages } from '../../i18n/load-messages.ts';
import { TaskCentre } from './task-centre.tsx';

const dailyTask = { id: 1, img: '/media/icons/watch.svg', task: 'Watch a live room', lz_num: 10, is_complete: 0 };

async function renderCentre(lists: { daily: unknown[]; newbie: unknown[] }) {
  const api = createApi({
    baseUrl: 'http://pitchside.test',
    session: { send: () => undefined },
    fetch: async () => Response.json({ code: 0, msg: '', data: { coins: 30, ...lists } }),
  });
  render(
    <IntlProvider locale="en" messages={await loadMessages('en')}>
      <QueryClientProvider client={new QueryClient()}>
        <ApiProvider api={api}>
          <TaskCentre />
        </ApiProvider>
      </QueryClientProvider>
    </IntlProvider>,
  );
  await screen.findByText('Coins: 30');
}

describe('the task centre', () => {
  it('leaves out a group without tasks instead of a heading over nothing', async () => {
    await renderCentre({ daily: [dailyTask], newbie: [] });
    expect(screen.getByRole('list', { name: 'Daily tasks' })).toHaveTextContent('Watch a live room');
    expect(screen.queryByRole('heading', { name: 'Newbie tasks' })).not.toBeInTheDocument();
  });

  it("says 'No data' when no group has a task", async () => {
    await renderCentre({ daily: [], newbie: [] });
    expect(screen.getByText('No data')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 3 })).not.toBeInTheDocument();
  });
});
