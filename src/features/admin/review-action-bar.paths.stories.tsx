import type { Meta, StoryObj } from '@storybook/react-vite';
import { heldAnswers } from '../../api/story-server.ts';
import { pathStories, storyServerOf } from '../../machines/path-story.ts';
import { reportReviewMachine } from '../../machines/report-review-machine.ts';
import { videoReviewMachine } from '../../machines/video-review-machine.ts';
import { withdrawalReviewMachine } from '../../machines/withdrawal-review-machine.ts';
import zh from '../../i18n/messages/zh.json';
import { ReviewActionBar, type ReviewActionBarProps, type ReviewDecisionBody } from './review-action-bar.tsx';
import { reviewBarGestures, reviewBarScreens, type ReviewBarOnScreen } from './review-bar-path-driver.ts';

// The shortest paths of the review machines the bar drives (`npm run paths -- withdrawal-review`,
// `report-review`, `video-review`), each a story: the admin's clicks and reason typed into the bar, the decision's
// call held until the path says the server answers, the bar checked at every state.

interface Review {
  machineName: 'withdrawal-review' | 'report-review' | 'video-review';
  props: Omit<ReviewActionBarProps, 'decide'>;
  /** The screen's words for the machine's states. */
  waiting: string;
  approved: string;
}

const withdrawal: Review = {
  machineName: 'withdrawal-review',
  props: { machine: withdrawalReviewMachine, status: 'under_review', approveLabel: 'admin.approve' },
  waiting: 'pending',
  approved: 'paid',
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
};

// A member's video in the console's video queue: published, or refused with the reason its author reads.
const video: Review = {
  machineName: 'video-review',
  props: { machine: videoReviewMachine, status: 'under_review', approveLabel: 'admin.videoApprove' },
  waiting: 'underReview',
  approved: 'approved',
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
    const server = storyServerOf<FakeServer>(parameters);
    return <ReviewActionBar {...server.review.props} decide={server.decide} />;
  },
};

export default meta;
type Story = StoryObj<ReviewActionBarProps>;

const label = (id: string) => (zh as Record<string, string>)[id] ?? id;

function reviewPaths(review: Review, namePrefix: string) {
  const { props } = review;
  const onScreen = (server: FakeServer): ReviewBarOnScreen => ({
    scope: () => document.body,
    approve: label(props.approveLabel),
    refuse: label(props.refuseLabel ?? 'admin.refuse'),
    approved: label(props.outcomeLabels?.approved ?? 'admin.approved'),
    refused: label(props.outcomeLabels?.refused ?? 'admin.refused'),
    sent: server.sent,
    answer: () => server.answers.resolve(undefined),
  });
  return pathStories<Story, FakeServer>(review.machineName, {
    namePrefix,
    server: () => fakeServer(review),
    driver: (server, { userEvent }) => ({
      gestures: reviewBarGestures(userEvent, onScreen(server)),
      screens: reviewBarScreens(onScreen(server), review.waiting, review.approved),
    }),
  });
}

const withdrawalPaths = reviewPaths(withdrawal, 'withdrawal-review: ');
export const WithdrawalPending = withdrawalPaths.storyOf('pending');
export const WithdrawalApproving = withdrawalPaths.storyOf('approving');
export const WithdrawalPaid = withdrawalPaths.storyOf('paid');
export const WithdrawalRefusing = withdrawalPaths.storyOf('refusing');
export const WithdrawalRefused = withdrawalPaths.storyOf('refused');
export const WithdrawalEveryPathHasAStory = withdrawalPaths.everyPathHasAStory();

const reportPaths = reviewPaths(report, 'report-review: ');
export const ReportUnderReview = reportPaths.storyOf('underReview');
export const ReportApproving = reportPaths.storyOf('approving');
export const ReportRemoved = reportPaths.storyOf('removed');
export const ReportRefusing = reportPaths.storyOf('refusing');
export const ReportRefused = reportPaths.storyOf('refused');
export const ReportEveryPathHasAStory = reportPaths.everyPathHasAStory();

const videoPaths = reviewPaths(video, 'video-review: ');
export const VideoUnderReview = videoPaths.storyOf('underReview');
export const VideoApproving = videoPaths.storyOf('approving');
export const VideoApproved = videoPaths.storyOf('approved');
export const VideoRefusing = videoPaths.storyOf('refusing');
export const VideoRefused = videoPaths.storyOf('refused');
export const VideoEveryPathHasAStory = videoPaths.everyPathHasAStory();
