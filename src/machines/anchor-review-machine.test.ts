import { describe, expect, it } from 'vitest';
import { describeApplicationReviewModel } from './application-review-model.ts';
import {
  anchorReviewAllows,
  anchorReviewMachine,
  applicationProblems,
  residentIdValid,
  type AnchorApplicationForm,
} from './anchor-review-machine.ts';
import { describeCoverage } from './path-coverage.ts';

const form: AnchorApplicationForm = {
  real_name: '张三',
  id_number: '11010519491231002X',
  contact_type: 'qq',
  contact: '12345678',
  inviter: '',
  experience: '三年足球解说经验，熟悉英超和中超',
  agree_protocol: true,
};
const badChecksum = { ...form, id_number: '110105194912310021' };

describeApplicationReviewModel({ role: 'anchor', machine: anchorReviewMachine, form, invalidForm: badChecksum, reason: 'experience too thin' });

describe('the application rules (SPEC §5)', () => {
  it('checks the ID number by its ISO 7064 MOD 11-2 check character', () => {
    expect(residentIdValid('11010519491231002X')).toBe(true);
    expect(residentIdValid('11010519491231002x')).toBe(true);
    expect(residentIdValid('440524188001010014')).toBe(true);
    expect(residentIdValid('110105194912310021')).toBe(false);
    expect(residentIdValid('1101051949123100')).toBe(false);
  });

  it('names each missing or wrong field', () => {
    expect(applicationProblems(form)).toEqual([]);
    expect(
      applicationProblems({ ...form, real_name: ' ', id_number: '123', contact: 'x', experience: '十四个字十四个字十四个字十四', agree_protocol: false }),
    ).toEqual(['realName', 'idNumber', 'contact', 'experience', 'protocol']);
    expect(applicationProblems({ ...form, experience: '十五个字十五个字十五个字十五个' })).toEqual([]);
    expect(applicationProblems({ ...form, contact_type: 'wechat', contact: 'pitch_fan01' })).toEqual([]);
    expect(applicationProblems({ ...form, contact_type: 'phone', contact: '86-13800000009' })).toEqual([]);
    expect(applicationProblems({ ...form, contact_type: 'wechat', contact: '12345678' })).toEqual(['contact']);
  });
});

describe('the server check of a status change', () => {
  it('lets a user with no application, or a failed one, apply with a complete form', () => {
    expect(anchorReviewAllows(null, { type: 'application.submit', form })).toBe(true);
    expect(anchorReviewAllows('audit_failure', { type: 'application.submit', form })).toBe(true);
    expect(anchorReviewAllows(null, { type: 'application.submit', form: badChecksum })).toBe(false);
  });

  it('refuses to apply again while under review or once approved', () => {
    expect(anchorReviewAllows('under_review', { type: 'application.submit', form })).toBe(false);
    expect(anchorReviewAllows('audit_successful', { type: 'application.submit', form })).toBe(false);
  });

  it('decides only an application under review, and a refusal needs its reason', () => {
    expect(anchorReviewAllows('under_review', { type: 'review.approve' })).toBe(true);
    expect(anchorReviewAllows('under_review', { type: 'review.refuse', reason: 'no' })).toBe(true);
    expect(anchorReviewAllows('under_review', { type: 'review.refuse', reason: ' ' })).toBe(false);
    for (const status of [null, 'audit_successful', 'audit_failure'] as const) {
      expect(anchorReviewAllows(status, { type: 'review.approve' })).toBe(false);
      expect(anchorReviewAllows(status, { type: 'review.refuse', reason: 'no' })).toBe(false);
    }
  });
});

describeCoverage(anchorReviewMachine);
