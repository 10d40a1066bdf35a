import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import type { EventObject } from 'xstate';
import { heldAnswers } from '../../api/story-server.ts';
import { pathNamesOf, playPath, type StoryDriver } from '../../machines/path-story.ts';
import { reportReviewMachine } from '../../machines/report-review-machine.ts';
import { withdrawalReviewMachine } from '../../machines/withdrawal-review-machine.ts';
import zh from '../../i18n/messages/zh.json';
import { ReviewActionBar, type ReviewActionBarProps, type ReviewDecisionBody } from './review-action-bar.tsx';

// The shortest paths of the review machines the bar drives (`npm run paths -- withdrawal-review`,
// `report-review`), each a story: the admin's clicks and reason typed into the bar, the decision's
// call held until the path says the server answers, the bar checked at every state.

interface Review {
  machineName: 'withdrawal-review' | 'report-review';
  props: Omit<ReviewActionBarProps, 'decide'>;
  /** The screen's words for the machine's states. */
  waiting: string;
  approved: string;
  refused: string;
}

const withdrawal: Review = {
  machineName: 'withdrawal-review',
  props: { machine: withdrawalReviewMachine, status: 'under_review', approveLabel: 'admin.approve' },
  waiting: 'pending',
  approved: 'paid',
  refused: 'refused',
};

const report: Review = {
  machineName: 'report-review',
  props: {
    machine: reportReviewMachine,
    status: 'under_review',
    approveLabel: 'admin.reports.remove',
    refuseLabel: 'admin.reports.dismiss',
    outcomeLabels: { approved: 'admin.reports.removed', refused: 'admin.reports.dismissed' },
  },
  waiting: 'underReview',
  approved: 'removed',
  refused: 'refused',
};

/** The server deciding: each decision waits until the path says how the server answers. */
function fakeServer(review: Review) {
  const answers = heldAnswers<undefined>();
  const sent: ReviewDecisionBody[] = [];
  const decide = (body: ReviewDecisionBody) => {
    sent.push(body);
    return answers.next();
  };
  return { review, answers, sent, decide };
}

type FakeServer = ReturnType<typeof fakeServer>;

// The machine and the decision are parameters, not args: args are serialised for the controls panel.
const meta: Meta<ReviewActionBarProps> = {
  title: 'admin/ReviewActionBar/Machine paths',
  component: ReviewActionBar,
  render: (_args, { parameters }) => {
    const server = parameters.server as FakeServer;
    return <ReviewActionBar {...server.review.props} decide={server.decide} />;
  },
};

export default meta;
type Story = StoryObj<ReviewActionBarProps>;
type PlayContext = Parameters<NonNullable<Story['play']>>[0];

const body = within(document.body);
const label = (id: string) => (zh as Record<string, string>)[id] ?? id;

function reviewDriver({ userEvent, parameters }: Pick<PlayContext, 'userEvent' | 'parameters'>): StoryDriver {
  const server = parameters.server as FakeServer;
  const { props } = server.review;
  const approve = label(props.approveLabel);
  const refuse = label(props.refuseLabel ?? 'admin.refuse');
  return {
    act: async (event: EventObject) => {
      if (event.type === 'review.approve') return userEvent.click(await body.findByRole('button', { name: approve }));
      if (event.type === 'review.refuse') {
        await userEvent.type(await body.findByRole('textbox', { name: zh['admin.reason'] }), (event as EventObject & { reason: string }).reason);
        return userEvent.click(body.getByRole('button', { name: refuse }));
      }
      if (event.type.startsWith('xstate.done.actor.')) return server.answers.resolve(undefined);
      throw new Error(`no gesture for ${event.type}`);
    },
    check: async (state) => {
      await waitFor(
        () => {
          const outcome = body.queryByRole('status');
          if (state === server.review.waiting) {
            expect(body.getByRole('button', { name: approve })).toBeEnabled();
            // A refusal needs its reason: the button waits for one.
            expect(body.getByRole('button', { name: refuse })).toBeDisabled();
            expect(outcome).toBeNull();
          } else if (state === 'approving' || state === 'refusing') {
            expect(body.getByText(zh['admin.working'])).toBeVisible();
            expect(body.queryByRole('button')).toBeNull();
            expect(server.sent.at(-1)?.decision).toBe(state === 'approving' ? 'approve' : 'refuse');
          } else if (state === server.review.approved) {
            expect(outcome).toHaveTextContent(label(props.outcomeLabels?.approved ?? 'admin.approved'));
          } else if (state === server.review.refused) {
            expect(outcome).toHaveTextContent(label(props.outcomeLabels?.refused ?? 'admin.refused'));
            expect(server.sent.at(-1)).toEqual({ decision: 'refuse', reason: 'Blurred photo' });
          } else {
            throw new Error(`no check for ${state}`);
          }
        },
        { timeout: 10_000 },
      );
    },
  };
}

const pathStory = (review: Review, pathName: string): Story => ({
  name: `${review.machineName}: ${pathName}`,
  parameters: { server: fakeServer(review) },
  play: async (context) => playPath(review.machineName, pathName, reviewDriver(context)),
});

export const WithdrawalPending = pathStory(withdrawal, 'pending');
export const WithdrawalApproving = pathStory(withdrawal, 'approving');
export const WithdrawalPaid = pathStory(withdrawal, 'paid');
export const WithdrawalRefusing = pathStory(withdrawal, 'refusing');
export const WithdrawalRefused = pathStory(withdrawal, 'refused');

export const ReportUnderReview = pathStory(report, 'underReview');
export const ReportApproving = pathStory(report, 'approving');
export const ReportRemoved = pathStory(report, 'removed');
export const ReportRefusing = pathStory(report, 'refusing');
export const ReportRefused = pathStory(report, 'refused');

export const EveryPathHasAStory: Story = {
  parameters: { screenshot: false, server: fakeServer(withdrawal) },
  play: async () => {
    await expect(pathNamesOf('withdrawal-review').sort()).toEqual(['approving', 'paid', 'pending', 'refused', 'refusing']);
    await expect(pathNamesOf('report-review').sort()).toEqual(['approving', 'refused', 'refusing', 'removed', 'underReview']);
  },
};
