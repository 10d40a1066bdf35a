import { describe, expect, it } from 'vitest';
import { describeApplicationReviewModel } from './application-review-model.ts';
import {
  expertApplicationProblems,
  expertReviewAllows,
  expertReviewMachine,
  wordCount,
  type ExpertApplicationForm,
} from './expert-review-machine.ts';
import { describeCoverage } from './path-coverage.ts';

const form: ExpertApplicationForm = { speciality: 'football', experience: '十年英超分析，擅长亚洲盘口', analyst_code_agreed: true };
const unticked = { ...form, analyst_code_agreed: false };

describeApplicationReviewModel({ role: 'expert', machine: expertReviewMachine, form, invalidForm: unticked, reason: 'record too short' });

describe('the expert application rules (SPEC §5)', () => {
  it('counts a Chinese character as a word and a run of letters as one', () => {
    expect(wordCount('十年英超')).toBe(4);
    expect(wordCount('Ten years of Premier League, 2 titles')).toBe(7);
    expect(wordCount('英超 Premier 分析')).toBe(5);
    expect(wordCount('  ')).toBe(0);
  });

  it('takes 200 words and refuses 201, an empty text and an unticked code', () => {
    expect(expertApplicationProblems({ ...form, experience: 'word '.repeat(200) })).toEqual([]);
    expect(expertApplicationProblems({ ...form, experience: '析'.repeat(201) })).toEqual(['experienceLong']);
    expect(expertApplicationProblems({ ...form, experience: ' ', analyst_code_agreed: false })).toEqual(['experience', 'analystCode']);
  });

  it('lets the server decide only what the graph allows', () => {
    expect(expertReviewAllows(null, { type: 'application.submit', form })).toBe(true);
    expect(expertReviewAllows('audit_failure', { type: 'application.submit', form })).toBe(true);
    expect(expertReviewAllows('under_review', { type: 'application.submit', form })).toBe(false);
    expect(expertReviewAllows('audit_successful', { type: 'application.submit', form })).toBe(false);
    expect(expertReviewAllows('under_review', { type: 'review.approve' })).toBe(true);
    expect(expertReviewAllows('under_review', { type: 'review.refuse', reason: ' ' })).toBe(false);
    for (const status of [null, 'audit_successful', 'audit_failure'] as const) {
      expect(expertReviewAllows(status, { type: 'review.approve' })).toBe(false);
    }
  });
});

describeCoverage(expertReviewMachine);
