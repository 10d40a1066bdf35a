import { expect, within } from 'storybook/test';
import type { EventObject } from 'xstate';
import zh from '../../i18n/messages/zh.json';
import type { PathDriver } from '../../machines/path-story.ts';
import type { ReviewDecisionBody } from './review-action-bar.tsx';

// The review bar in path stories: an admin's decisions as gestures and the bar's states as screens,
// shared by every review machine the bar drives (the decisions and their states are the same graph).

/** What a path story's play is given to act with. */
interface Hands {
  click: (element: Element) => Promise<void>;
  type: (element: Element, text: string) => Promise<void>;
}

export interface ReviewBarOnScreen {
  /** The part of the page the bar is in. */
  scope: () => HTMLElement;
  /** The buttons' and outcomes' words, as shown. */
  approve: string;
  refuse: string;
  approved: string;
  refused: string;
  /** The decisions sent to the server, oldest first. */
  sent: readonly ReviewDecisionBody[];
  /** The server answers the decision it holds. */
  answer: () => Promise<void>;
}

export function reviewBarGestures(hands: Hands, bar: ReviewBarOnScreen): PathDriver['gestures'] {
  const inBar = () => within(bar.scope());
  return {
    'review.approve': async () => hands.click(await inBar().findByRole('button', { name: bar.approve })),
    'review.refuse': async (event) => {
      await hands.type(await inBar().findByRole('textbox', { name: zh['admin.reason'] }), (event as EventObject & { reason: string }).reason);
      await hands.click(inBar().getByRole('button', { name: bar.refuse }));
    },
    'xstate.done.actor.approve': bar.answer,
    'xstate.done.actor.refuse': bar.answer,
  };
}

/** The bar's screens; `waiting` and `approved` are the machine's names for those states. */
export function reviewBarScreens(bar: ReviewBarOnScreen, waiting: string, approved: string): PathDriver['screens'] {
  const inBar = () => within(bar.scope());
  const busy = (decision: ReviewDecisionBody['decision']) => () => {
    expect(inBar().getByText(zh['admin.working'])).toBeVisible();
    expect(inBar().queryByRole('button')).toBeNull();
    expect(bar.sent.at(-1)?.decision).toBe(decision);
  };
  return {
    [waiting]: () => {
      expect(inBar().getByRole('button', { name: bar.approve })).toBeEnabled();
      // A refusal needs its reason: the button waits for one.
      expect(inBar().getByRole('button', { name: bar.refuse })).toBeDisabled();
      expect(inBar().queryByRole('status')).toBeNull();
    },
    approving: busy('approve'),
    refusing: busy('refuse'),
    [approved]: () => expect(inBar().getByRole('status')).toHaveTextContent(bar.approved),
    refused: () => {
      expect(inBar().getByRole('status')).toHaveTextContent(bar.refused);
      expect(bar.sent.at(-1)).toEqual({ decision: 'refuse', reason: 'Blurred photo' });
    },
  };
}
