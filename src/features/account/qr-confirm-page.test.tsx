import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiProvider } from '../../api/api-context.tsx';
import { createApi } from '../../api/client.ts';
import { loadMessages } from '../../i18n/load-messages.ts';
import { QrConfirmPage } from './qr-confirm-page.tsx';

describe('the QR login confirm page', () => {
  afterEach(() => localStorage.clear());

  it("says a code that is not one is not valid, without asking the server and without the validator's words", async () => {
    localStorage.setItem('userInfo', JSON.stringify({ token: 't0k3n', id: 1, userSig: 's', profile: { id: 1, user_nickname: 'Wang', avatar: '', balance: 0, exp_icon: '', is_anchor: 0 } }));
    const asked: string[] = [];
    const api = createApi({
      baseUrl: 'http://pitchside.test',
      session: { send: () => undefined },
      fetch: async (request: Request) => {
        asked.push(new URL(request.url).pathname);
        return Response.json({ code: 1, msg: 'Input error: code must NOT have fewer than 16 characters', data: null });
      },
    });
    render(
      <IntlProvider locale="en" messages={await loadMessages('en')}>
        <QueryClientProvider client={new QueryClient()}>
          <ApiProvider api={api}>
            <QrConfirmPage title="Confirm login" code="abc" />
          </ApiProvider>
        </QueryClientProvider>
      </IntlProvider>,
    );
    expect(await screen.findByText('This QR code is not valid')).toBeInTheDocument();
    expect(screen.queryByText(/must NOT/)).not.toBeInTheDocument();
    expect(asked.filter((path) => path.includes('LoginQrcode'))).toEqual([]);
  });
});
