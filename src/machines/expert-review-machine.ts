import {
  applicationReviewAllows,
  createApplicationReviewMachine,
  type ApplicationReviewContext,
  type ApplicationReviewEvent,
  type ReviewStatus,
} from './application-review-machine.ts';

/**
 * An expert application and its review (SPEC §4 review statuses, §5 fields, §6 the expert role). A
 * user who never applied, or whose application failed, may send one; under review, an admin approves
 * it, which makes the user an expert, or refuses it with a reason the user reads before applying
 * again. Approval is final. The member centre's form and the admin console drive it; the server checks
 * every status change with `expertReviewAllows`, so all three follow the graph of
 * `createApplicationReviewMachine`.
 */

export type { ReviewStatus };
export type ExpertSpeciality = 'football' | 'basketball';

/** The application as the form holds it (the contract's Member/applyChannel body). */
export interface ExpertApplicationForm {
  speciality: ExpertSpeciality;
  experience: string;
  analyst_code_agreed: boolean;
}

export type ExpertReviewEvent = ApplicationReviewEvent<ExpertApplicationForm>;

export type ExpertReviewContext = ApplicationReviewContext<ExpertApplicationForm>;

/** SPEC §5 and §9: the experience is within 200 words. */
export const maxExperienceWords = 200;

/**
 * Words as a reader of either language counts them: each Chinese, Japanese or Korean character is a
 * word, and so is each run of other letters or digits.
 */
export function wordCount(text: string): number {
  const cjk = text.match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu)?.length ?? 0;
  const others = text.replace(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu, ' ').match(/[\p{L}\p{N}]+/gu)?.length ?? 0;
  return cjk + others;
}

export type ExpertApplicationProblem = 'experience' | 'experienceLong' | 'analystCode';

/** What keeps the application from being sent (SPEC §5); empty when it may go. */
export function expertApplicationProblems(form: ExpertApplicationForm): ExpertApplicationProblem[] {
  const problems: ExpertApplicationProblem[] = [];
  const words = wordCount(form.experience);
  if (words === 0) problems.push('experience');
  if (words > maxExperienceWords) problems.push('experienceLong');
  if (!form.analyst_code_agreed) problems.push('analystCode');
  return problems;
}

export const expertReviewMachine = createApplicationReviewMachine<ExpertApplicationForm>({
  id: 'expertReview',
  formValid: (form) => expertApplicationProblems(form).length === 0,
  roleTag: 'expert',
});

/** Whether an expert application in `status` (null: none yet) may take `event` (the server's check). */
export function expertReviewAllows(status: ReviewStatus | null, event: ExpertReviewEvent): boolean {
  return applicationReviewAllows(expertReviewMachine, status, event);
}
