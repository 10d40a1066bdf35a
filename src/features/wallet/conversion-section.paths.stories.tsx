import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import type { EventObject } from 'xstate';
import { StoryApiProviders } from '../../api/story-api.tsx';
import { storyServer } from '../../api/story-server.ts';
import { pathNamesOf, playPath, type StoryDriver } from '../../machines/path-story.ts';
import zh from '../../i18n/messages/zh.json';
import { ConversionSection } from './conversion-section.tsx';

// The conversion machine's shortest paths (`npm run paths -- conversion`), each a story: the amount
// typed, the convert button and the confirmation clicked when the path says so, the conversion call
// held by the story server until the path answers, the section checked at every state.

const convertCall = '/api/Balance/conversionBalance';

function fakeServer() {
  const server = storyServer({ [convertCall]: () => ({ income_balance: 90 }) });
  server.hold(convertCall);
  return server;
}

type FakeServer = ReturnType<typeof fakeServer>;

const meta = {
  title: 'wallet/ConversionSection/Machine paths',
  component: ConversionSection,
  args: { incomeTenths: 1000, onAgain: fn() },
  decorators: [
    (Story, { parameters }) => (
      <StoryApiProviders fetch={(parameters.server as FakeServer).fetch}>
        <Story />
      </StoryApiProviders>
    ),
  ],
} satisfies Meta<typeof ConversionSection>;

export default meta;
type Story = StoryObj<typeof meta>;
type PlayContext = Parameters<NonNullable<Story['play']>>[0];

const body = within(document.body);

function conversionDriver({ userEvent, parameters }: Pick<PlayContext, 'userEvent' | 'parameters'>): StoryDriver {
  const server = parameters.server as FakeServer;
  return {
    act: async (event: EventObject) => {
      switch (event.type) {
        case 'amount.change':
          return userEvent.type(await body.findByRole('textbox', { name: zh['wallet.amount'] }), String((event as EventObject & { tenths: number }).tenths / 10));
        case 'convert.request':
          return userEvent.click(await body.findByRole('button', { name: zh['wallet.convert'] }));
        case 'convert.confirm':
          return userEvent.click(await within(await body.findByRole('dialog')).findByRole('button', { name: zh['wallet.convertConfirmYes'] }));
        case 'xstate.done.actor.convert':
          return server.answer(convertCall);
        case 'xstate.error.actor.convert':
          return server.refuse(convertCall);
        default:
          throw new Error(`no gesture for ${event.type}`);
      }
    },
    check: async (state) => {
      await waitFor(
        () => {
          const amount = body.getByRole('textbox', { name: zh['wallet.amount'] });
          const dialog = body.queryByRole('dialog');
          if (state === 'entering') {
            expect(amount).toBeEnabled();
            expect(body.getByRole('button', { name: zh['wallet.convert'] })).toBeVisible();
            expect(dialog).toBeNull();
          } else if (state === 'confirming') {
            // Irreversible: the dialog says so before anything is sent.
            expect(dialog).toHaveTextContent(zh['wallet.convertConfirmTitle']);
            expect(server.calls(convertCall)).toBe(0);
          } else if (state === 'converting') {
            expect(dialog).toBeNull();
            expect(amount).toBeDisabled();
            expect(body.getByRole('status')).toHaveTextContent(zh['wallet.converting']);
          } else if (state === 'done') {
            expect(body.getByRole('status')).toHaveTextContent(zh['wallet.converted']);
            expect(body.getByRole('button', { name: zh['wallet.convertAgain'] })).toBeVisible();
          } else if (state === 'failed') {
            expect(body.getByRole('alert')).toHaveTextContent('Refused by the story server');
            expect(body.getByRole('button', { name: zh['wallet.retry'] })).toBeVisible();
          } else {
            throw new Error(`no check for ${state}`);
          }
        },
        { timeout: 10_000 },
      );
    },
  };
}

const pathStory = (pathName: string): Story => ({
  name: pathName,
  parameters: { server: fakeServer() },
  play: async (context) => playPath('conversion', pathName, conversionDriver(context)),
});

export const Entering = pathStory('entering');
export const Confirming = pathStory('confirming');
export const Converting = pathStory('converting');
export const Done = pathStory('done');
export const Failed = pathStory('failed');

export const EveryPathHasAStory: Story = {
  parameters: { screenshot: false, server: fakeServer() },
  play: async () => {
    await expect(pathNamesOf('conversion').sort()).toEqual(['confirming', 'converting', 'done', 'entering', 'failed']);
  },
};
