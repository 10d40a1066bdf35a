import {
  applicationReviewAllows,
  createApplicationReviewMachine,
  type ApplicationReviewContext,
  type ApplicationReviewEvent,
  type ReviewStatus,
} from './application-review-machine.ts';

/**
 * An anchor application and its review (SPEC §4 review statuses, §5 fields). A user who
 * never applied, or whose application failed, may send one; under review, an admin approves it,
 * which makes the user an anchor with a room, or refuses it with a reason the user reads before
 * applying again. Approval is final. The apply form and the admin page drive it; the server checks
 * every status change with `anchorReviewAllows`, so all three follow the graph of
 * `createApplicationReviewMachine`.
 */

export type { ReviewStatus };
export type ContactType = 'qq' | 'wechat' | 'phone';

/** The application as the form holds it (the contract's AnchorVerificationRequest). */
export interface AnchorApplicationForm {
  real_name: string;
  id_number: string;
  contact_type: ContactType;
  contact: string;
  inviter: string;
  experience: string;
  agree_protocol: boolean;
}

export type AnchorReviewEvent = ApplicationReviewEvent<AnchorApplicationForm>;

export type AnchorReviewContext = ApplicationReviewContext<AnchorApplicationForm>;

/** SPEC §5: the experience text has at least 15 characters. */
export const minExperienceLength = 15;

const idWeights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const idCheckCharacters = '10X98765432';

/** A resident identity card number (GB 11643): 17 digits and the ISO 7064 MOD 11-2 check character. */
export function residentIdValid(idNumber: string): boolean {
  const id = idNumber.trim().toUpperCase();
  if (!/^[0-9]{17}[0-9X]$/.test(id)) return false;
  const sum = idWeights.reduce((total, weight, index) => total + weight * Number(id[index]), 0);
  return idCheckCharacters[sum % 11] === id[17];
}

const contactForms: Record<ContactType, RegExp> = {
  qq: /^[1-9][0-9]{4,11}$/,
  wechat: /^[A-Za-z][-_A-Za-z0-9]{5,19}$/,
  phone: /^([0-9]{1,4}-)?[0-9]{5,15}$/,
};

/** Characters as a reader counts them (a Chinese character or an emoji is one). */
const lengthOf = (text: string) => [...text.trim()].length;

export type ApplicationProblem = 'realName' | 'idNumber' | 'contact' | 'experience' | 'protocol';

/** What keeps the application from being sent (SPEC §5); empty when it may go. */
export function applicationProblems(form: AnchorApplicationForm): ApplicationProblem[] {
  const problems: ApplicationProblem[] = [];
  if (lengthOf(form.real_name) < 2 || lengthOf(form.real_name) > 30) problems.push('realName');
  if (!residentIdValid(form.id_number)) problems.push('idNumber');
  if (!contactForms[form.contact_type].test(form.contact.trim())) problems.push('contact');
  if (lengthOf(form.experience) < minExperienceLength) problems.push('experience');
  if (!form.agree_protocol) problems.push('protocol');
  return problems;
}

export const anchorReviewMachine = createApplicationReviewMachine<AnchorApplicationForm>({
  id: 'anchorReview',
  formValid: (form) => applicationProblems(form).length === 0,
  roleTag: 'anchor',
});

/** Whether an anchor application in `status` (null: none yet) may take `event` (the server's check). */
export function anchorReviewAllows(status: ReviewStatus | null, event: AnchorReviewEvent): boolean {
  return applicationReviewAllows(anchorReviewMachine, status, event);
}
