import { describe, expect, it } from 'vitest';
import { describeApplicationReviewModel } from './application-review-model.ts';
import { headlineProblems, headlineReviewAllows, headlineReviewMachine, type HeadlineForm } from './headline-review-machine.ts';

const form: HeadlineForm = { classify_id: 2, title: '主场氛围才是足球的灵魂', content: '第一次去现场看球，全场合唱的那一刻真的热泪盈眶。' };
const untitled = { ...form, title: '   ' };

describeApplicationReviewModel({ role: 'headline', machine: headlineReviewMachine, form, invalidForm: untitled, reason: 'not about sport' });

describe('the article rules', () => {
  it('takes 80 title characters and 5000 of text, counting a Chinese character as one', () => {
    expect(headlineProblems({ ...form, title: '球'.repeat(80), content: '字'.repeat(5000) })).toEqual([]);
    expect(headlineProblems({ ...form, title: '球'.repeat(81) })).toEqual(['titleLong']);
    expect(headlineProblems({ ...form, content: 'a'.repeat(5001) })).toEqual(['contentLong']);
  });

  it('refuses an empty title, an empty text and no category', () => {
    expect(headlineProblems({ classify_id: 0, title: ' ', content: '\n' })).toEqual(['category', 'title', 'content']);
  });

  it('lets the server decide only what the graph allows', () => {
    expect(headlineReviewAllows(null, { type: 'application.submit', form })).toBe(true);
    expect(headlineReviewAllows(null, { type: 'application.submit', form: untitled })).toBe(false);
    expect(headlineReviewAllows('under_review', { type: 'review.approve' })).toBe(true);
    expect(headlineReviewAllows('under_review', { type: 'review.refuse', reason: 'off topic' })).toBe(true);
    expect(headlineReviewAllows('under_review', { type: 'review.refuse', reason: ' ' })).toBe(false);
    for (const status of ['audit_successful', 'audit_failure'] as const) {
      expect(headlineReviewAllows(status, { type: 'review.approve' })).toBe(false);
      expect(headlineReviewAllows(status, { type: 'review.refuse', reason: 'late' })).toBe(false);
    }
  });
});
