import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import type { EventObject } from 'xstate';
import { storyServer, withStoryServer, type StoryServer } from '../../api/story-server.ts';
import { pathStories, screen } from '../../machines/path-story.ts';
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

const meta = {
  title: 'wallet/ConversionSection/Machine paths',
  component: ConversionSection,
  args: { incomeTenths: 1000, onAgain: fn() },
  decorators: [withStoryServer((server: StoryServer) => server.fetch)],
} satisfies Meta<typeof ConversionSection>;

export default meta;
type Story = StoryObj<typeof meta>;

const amount = () => screen.getByRole('textbox', { name: zh['wallet.amount'] });

const paths = pathStories<Story, StoryServer>('conversion', {
  server: fakeServer,
  driver: (server, { userEvent }) => ({
    gestures: {
      'amount.change': async (event) =>
        userEvent.type(await screen.findByRole('textbox', { name: zh['wallet.amount'] }), String((event as EventObject & { tenths: number }).tenths / 10)),
      'convert.request': async () => userEvent.click(await screen.findByRole('button', { name: zh['wallet.convert'] })),
      'convert.confirm': async () =>
        userEvent.click(await within(await screen.findByRole('dialog')).findByRole('button', { name: zh['wallet.convertConfirmYes'] })),
      'xstate.done.actor.convert': () => server.answer(convertCall),
      'xstate.error.actor.convert': () => server.refuse(convertCall),
    },
    screens: {
      entering: () => {
        expect(amount()).toBeEnabled();
        expect(screen.getByRole('button', { name: zh['wallet.convert'] })).toBeVisible();
        expect(screen.queryByRole('dialog')).toBeNull();
      },
      // Irreversible: the dialog says so before anything is sent.
      confirming: () => {
        expect(screen.getByRole('dialog')).toHaveTextContent(zh['wallet.convertConfirmTitle']);
        expect(server.calls(convertCall)).toBe(0);
      },
      converting: () => {
        expect(screen.queryByRole('dialog')).toBeNull();
        expect(amount()).toBeDisabled();
        expect(screen.getByRole('status')).toHaveTextContent(zh['wallet.converting']);
      },
      done: () => {
        expect(screen.getByRole('status')).toHaveTextContent(zh['wallet.converted']);
        expect(screen.getByRole('button', { name: zh['wallet.convertAgain'] })).toBeVisible();
      },
      failed: () => {
        expect(screen.getByRole('alert')).toHaveTextContent('Refused by the story server');
        expect(screen.getByRole('button', { name: zh['wallet.retry'] })).toBeVisible();
      },
    },
  }),
});

export const Entering = paths.storyOf('entering');
export const Confirming = paths.storyOf('confirming');
export const Converting = paths.storyOf('converting');
export const Done = paths.storyOf('done');
export const Failed = paths.storyOf('failed');
export const EveryPathHasAStory = paths.everyPathHasAStory();
