import type { Meta, StoryObj } from '@storybook/react-vite';
import { useSyncExternalStore, type ReactNode } from 'react';
import { expect } from 'storybook/test';
import type { EventObject } from 'xstate';
import { heldAnswers, storyServer, withStoryServer, type StoryRoute } from '../api/story-server.ts';
import { ReviewActionBar, type ReviewActionBarProps, type ReviewDecisionBody } from '../features/admin/review-action-bar.tsx';
import { reviewBarGestures, reviewBarScreens, type ReviewBarOnScreen } from '../features/admin/review-bar-path-driver.ts';
import { AnchorApplyPanel } from '../features/anchor/anchor-apply-panel.tsx';
import { ExpertMemberPanel } from '../features/expert/expert-member-panel.tsx';
import { HeadlineForm } from '../features/content/headline-form.tsx';
import { asLoggedInViewer } from '../features/live/directory/directory-story-session.ts';
import type { MessageId } from '../i18n/messages.ts';
import zh from '../i18n/messages/zh.json';
import { anchorReviewMachine, type AnchorApplicationForm } from '../machines/anchor-review-machine.ts';
import { expertReviewMachine, type ExpertApplicationForm } from '../machines/expert-review-machine.ts';
import { headlineReviewMachine, type HeadlineForm as Article } from '../machines/headline-review-machine.ts';
import { pathStories, screen, storyServerOf, storyState, type PathPlayContext } from '../machines/path-story.ts';

// The shortest paths of the role and article reviews (`npm run paths -- anchor-review`,
// `expert-review`, `headline-review`), each a story of the review's two screens: the applicant's form until it is sent
// (the call held until the path says the server answers), then the admin's decision bar for what the
// server now holds under review (its decisions held likewise). The path's state is checked on the
// screen that shows it: the applicant's while the application is theirs, the admin's once it waits.
// They live in the app, which alone may put two features' screens side by side.

type Gestures = PathPlayContext<Story>['userEvent'];

interface ApplicationReview {
  machineName: 'anchor-review' | 'expert-review' | 'headline-review';
  bar: Pick<ReviewActionBarProps, 'machine' | 'approveLabel'>;
  /** The applicant's screen. */
  applicant: () => ReactNode;
  /** The applicant's calls besides the one that sends, given what the server holds (null before it is sent). */
  routes: (held: () => unknown) => Record<string, StoryRoute>;
  /** The call that sends the application, and what the server answers to it. */
  sendCall: string;
  sent: StoryRoute;
  /** Fills the form with the path's and sends it, as the applicant does. */
  send: (userEvent: Gestures, form: unknown) => Promise<void>;
  /** The applicant's screen before the application is sent, while it is sent, and once it waits. */
  editing: () => void;
  sending: () => void;
  waiting: () => void;
}

const now = 1_764_000_000;

const anchorForm = (form: unknown) => form as AnchorApplicationForm;

const anchor: ApplicationReview = {
  machineName: 'anchor-review',
  bar: { machine: anchorReviewMachine, approveLabel: 'admin.approveAnchor' },
  applicant: () => <AnchorApplyPanel />,
  routes: (held) => ({
    '/api/Member/info': () => ({ id: 7, user_nickname: '球迷小王', avatar: '', is_anchor: 0, balance: 5000 }),
    '/api/Member/getVerifiedInfo': held,
  }),
  sendCall: '/api/Member/verified',
  sent: async (request) => {
    const body = anchorForm(await request.json());
    return { ...body, id_number: '1101**********002X', status: 'under_review', reason: null, submitted_at: now, reviewed_at: null };
  },
  send: async (userEvent, form) => {
    const { real_name, id_number, contact_type, contact, experience } = anchorForm(form);
    await userEvent.type(await screen.findByLabelText(zh['anchorApply.realName']), real_name);
    await userEvent.type(screen.getByLabelText(zh['anchorApply.idNumber']), id_number);
    await userEvent.selectOptions(screen.getByLabelText(zh['anchorApply.contactType']), contact_type);
    await userEvent.type(screen.getByLabelText(zh['anchorApply.contact']), contact);
    await userEvent.type(screen.getByLabelText(zh['anchorApply.experience']), experience);
    await userEvent.click(screen.getByRole('checkbox', { name: zh['anchorApply.agree'] }));
    await userEvent.click(screen.getByRole('button', { name: zh['anchorApply.submit'] }));
  },
  editing: () => expect(screen.getByRole('button', { name: zh['anchorApply.submit'] })).toBeEnabled(),
  sending: () => expect(screen.getByRole('button', { name: zh['anchorApply.sending'] })).toBeDisabled(),
  waiting: () => expect(screen.getByText(zh['anchorApply.underReviewText'])).toBeVisible(),
};

const expertForm = (form: unknown) => form as ExpertApplicationForm;

const expert: ApplicationReview = {
  machineName: 'expert-review',
  bar: { machine: expertReviewMachine, approveLabel: 'admin.approveExpert' },
  applicant: () => <ExpertMemberPanel />,
  routes: (held) => ({
    '/api/Member/info': () => ({ id: 7, user_nickname: '球迷小王', avatar: '', is_anchor: 0, is_expert: 0, balance: 5000 }),
    '/api/Member/expertApplication': held,
    '/api/expert/boughtPlans': () => ({ list: [], total: 0, page: 1, limit: 10 }),
  }),
  sendCall: '/api/Member/applyChannel',
  sent: async (request) => {
    const { speciality, experience } = expertForm(await request.json());
    return { status: 'under_review', speciality, experience, reason: null, submitted_at: now, reviewed_at: null };
  },
  send: async (userEvent, form) => {
    const { speciality, experience } = expertForm(form);
    await userEvent.selectOptions(await screen.findByLabelText(zh['expert.apply.speciality']), speciality);
    await userEvent.type(screen.getByLabelText(zh['expert.apply.experience'], { exact: false }), experience);
    await userEvent.click(screen.getByRole('checkbox', { name: zh['expert.apply.code'] }));
    await userEvent.click(screen.getByRole('button', { name: zh['expert.apply.submit'] }));
  },
  editing: () => expect(screen.getByRole('button', { name: zh['expert.apply.submit'] })).toBeEnabled(),
  // The panel says "under review" as soon as the application is on its way: it shows no sending of its own.
  sending: () => expect(screen.getByText(zh['expert.apply.underReview'])).toBeVisible(),
  waiting: () => expect(screen.getByText(zh['expert.apply.underReview'])).toBeVisible(),
};

const categories = [
  { id: 1, name: '英超' },
  { id: 2, name: '西甲' },
];

const articleForm = (form: unknown) => form as Article;

const headline: ApplicationReview = {
  machineName: 'headline-review',
  bar: { machine: headlineReviewMachine, approveLabel: 'admin.approveHeadline' },
  applicant: () => <HeadlineForm categories={categories} />,
  routes: () => ({}),
  sendCall: '/api/Headlines_user/insert',
  sent: (request) => {
    const query = new URL(request.url).searchParams;
    return { id: 91, title: query.get('title') ?? '', classify_id: Number(query.get('classify_id')), status: 'under_review', create_time: now };
  },
  send: async (userEvent, form) => {
    const { classify_id, title, content } = articleForm(form);
    await userEvent.selectOptions(await screen.findByLabelText(zh['news.form.category']), String(classify_id));
    await userEvent.type(screen.getByLabelText(zh['news.form.headline']), title);
    await userEvent.type(screen.getByLabelText(zh['news.form.content']), content);
    await userEvent.click(screen.getByRole('button', { name: zh['news.form.submit'] }));
  },
  editing: () => expect(screen.getByRole('button', { name: zh['news.form.submit'] })).toBeEnabled(),
  sending: () => expect(screen.getByRole('button', { name: zh['news.form.submit'] })).toBeDisabled(),
  waiting: () => expect(screen.getByRole('status')).toHaveTextContent(zh['news.form.sent']),
};

/**
 * The server of one story: the applicant's calls, the sending held until the path answers it, and
 * the admin's decisions, each held likewise. What it holds under review is what the console lists.
 */
function fakeServer(review: ApplicationReview) {
  const held = storyState<unknown>(null);
  const http = storyServer({
    ...review.routes(held.read),
    [review.sendCall]: async (request) => {
      held.set(await review.sent(request));
      return held.read();
    },
  });
  http.hold(review.sendCall);
  const decisions = heldAnswers<undefined>();
  const sent: ReviewDecisionBody[] = [];
  return {
    review,
    http,
    decisions,
    sent,
    decide: (body: ReviewDecisionBody) => {
      sent.push(body);
      return decisions.next();
    },
    held,
  };
}

type FakeServer = ReturnType<typeof fakeServer>;

/** The applicant's screen beside the admin console's item, which appears once the server holds the application. */
function ReviewScreens({ server }: { server: FakeServer }) {
  const underReview = useSyncExternalStore(server.held.subscribe, server.held.read) !== null;
  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(320px, 1fr))', gap: 24, padding: 16 }}>
      <div>{server.review.applicant()}</div>
      <section aria-label={zh['route.admin']}>
        {underReview && <ReviewActionBar {...server.review.bar} status="under_review" decide={server.decide} />}
      </section>
    </div>
  );
}

const meta = {
  title: 'app/Application reviews/Machine paths',
  component: ReviewScreens,
  render: (_args, { parameters }) => <ReviewScreens server={storyServerOf<FakeServer>(parameters)} />,
  decorators: [withStoryServer((server: FakeServer) => server.http.fetch)],
  beforeEach: asLoggedInViewer,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof ReviewScreens>;

export default meta;
type Story = StoryObj<typeof meta>;

const label = (id: MessageId) => (zh as Record<string, string>)[id] ?? id;
const adminSide = () => screen.getByRole('region', { name: zh['route.admin'] });

function reviewPaths(review: ApplicationReview, namePrefix: string) {
  const onScreen = (server: FakeServer): ReviewBarOnScreen => ({
    scope: adminSide,
    approve: label(review.bar.approveLabel),
    refuse: zh['admin.refuse'],
    approved: zh['admin.approved'],
    refused: zh['admin.refused'],
    sent: server.sent,
    answer: () => server.decisions.resolve(undefined),
  });
  return pathStories<Story, FakeServer>(review.machineName, {
    namePrefix,
    server: () => fakeServer(review),
    driver: (server, { userEvent }) => {
      const bar = reviewBarScreens(onScreen(server), 'underReview', 'approved');
      return {
        gestures: {
          'application.submit': (event) => review.send(userEvent, (event as EventObject & { form: unknown }).form),
          'xstate.done.actor.submit': () => server.http.answer(review.sendCall),
          ...reviewBarGestures(userEvent, onScreen(server)),
        },
        screens: {
          ...bar,
          notApplied: () => {
            review.editing();
            expect(adminSide()).toBeEmptyDOMElement();
          },
          submitting: () => {
            review.sending();
            expect(server.http.calls(review.sendCall)).toBe(1);
            expect(adminSide()).toBeEmptyDOMElement();
          },
          underReview: () => {
            review.waiting();
            bar.underReview?.();
          },
        },
      };
    },
  });
}

const anchorPaths = reviewPaths(anchor, 'anchor-review: ');
export const AnchorNotApplied = anchorPaths.storyOf('notApplied');
export const AnchorSubmitting = anchorPaths.storyOf('submitting');
export const AnchorUnderReview = anchorPaths.storyOf('underReview');
export const AnchorApproving = anchorPaths.storyOf('approving');
export const AnchorApproved = anchorPaths.storyOf('approved');
export const AnchorRefusing = anchorPaths.storyOf('refusing');
export const AnchorRefused = anchorPaths.storyOf('refused');
export const AnchorEveryPathHasAStory = anchorPaths.everyPathHasAStory();

const expertPaths = reviewPaths(expert, 'expert-review: ');
export const ExpertNotApplied = expertPaths.storyOf('notApplied');
export const ExpertSubmitting = expertPaths.storyOf('submitting');
export const ExpertUnderReview = expertPaths.storyOf('underReview');
export const ExpertApproving = expertPaths.storyOf('approving');
export const ExpertApproved = expertPaths.storyOf('approved');
export const ExpertRefusing = expertPaths.storyOf('refusing');
export const ExpertRefused = expertPaths.storyOf('refused');
export const ExpertEveryPathHasAStory = expertPaths.everyPathHasAStory();

const headlinePaths = reviewPaths(headline, 'headline-review: ');
export const HeadlineNotApplied = headlinePaths.storyOf('notApplied');
export const HeadlineSubmitting = headlinePaths.storyOf('submitting');
export const HeadlineUnderReview = headlinePaths.storyOf('underReview');
export const HeadlineApproving = headlinePaths.storyOf('approving');
export const HeadlineApproved = headlinePaths.storyOf('approved');
export const HeadlineRefusing = headlinePaths.storyOf('refusing');
export const HeadlineRefused = headlinePaths.storyOf('refused');
export const HeadlineEveryPathHasAStory = headlinePaths.everyPathHasAStory();
