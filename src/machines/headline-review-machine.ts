import {
  applicationReviewAllows,
  createApplicationReviewMachine,
  type ApplicationReviewEvent,
  type ReviewStatus,
} from './application-review-machine.ts';

/**
 * An article a user sends to the news (Headlines_user/insert) and its review (SPEC §4 review
 * statuses): a new article goes to review; an admin publishes it on /news, or refuses it with a
 * reason its author reads. Publication is final. The author's form, the admin console and the
 * server's check of every status change follow the graph of `createApplicationReviewMachine`.
 */

/** The article as the form holds it (the contract's Headlines_user/insert query). */
export interface HeadlineForm {
  classify_id: number;
  title: string;
  content: string;
  /** Site path of a cover the author uploaded already; none for the site's drawn one. */
  cover?: string;
}

export type HeadlineReviewEvent = ApplicationReviewEvent<HeadlineForm>;

/** The headlines table keeps titles of up to 80 characters and the contract articles of up to 5000. */
export const maxHeadlineTitle = 80;
export const maxHeadlineContent = 5000;

export type HeadlineProblem = 'category' | 'title' | 'titleLong' | 'content' | 'contentLong';

/** What keeps the article from being sent; empty when it may go. */
export function headlineProblems(form: HeadlineForm): HeadlineProblem[] {
  const problems: HeadlineProblem[] = [];
  const title = [...form.title.trim()].length;
  const content = [...form.content.trim()].length;
  if (!Number.isInteger(form.classify_id) || form.classify_id < 1) problems.push('category');
  if (title === 0) problems.push('title');
  if (title > maxHeadlineTitle) problems.push('titleLong');
  if (content === 0) problems.push('content');
  if (content > maxHeadlineContent) problems.push('contentLong');
  return problems;
}

export const headlineReviewMachine = createApplicationReviewMachine<HeadlineForm>({
  id: 'headlineReview',
  formValid: (form) => headlineProblems(form).length === 0,
  roleTag: 'published',
});

/** Whether an article in `status` (null: not sent yet) may take `event` (the server's check). */
export function headlineReviewAllows(status: ReviewStatus | null, event: HeadlineReviewEvent): boolean {
  return applicationReviewAllows(headlineReviewMachine, status, event);
}
