import { describe, expect, it } from 'vitest';
import { formatAmount, ledgerCsv, tenthsOfText } from './wallet-format.ts';

describe('the wallet forms’ rules (SPEC §5)', () => {
  it('reads amounts in whole tenths, 0.1 being the smallest unit', () => {
    expect(tenthsOfText('12')).toBe(120);
    expect(tenthsOfText(' 12.3 ')).toBe(123);
    expect(tenthsOfText('0.1')).toBe(1);
    expect(tenthsOfText('12.34')).toBeNull();
    expect(tenthsOfText('-1')).toBeNull();
    expect(tenthsOfText('')).toBeNull();
  });
});

describe('amounts and the CSV export', () => {
  it('shows one decimal only when there is one', () => {
    expect(formatAmount(5000)).toBe('5000');
    expect(formatAmount(12.3)).toBe('12.3');
    expect(formatAmount(-0.1)).toBe('-0.1');
  });

  it('keeps a debit as data, not a formula, and starts with a byte order mark', () => {
    const csv = ledgerCsv(
      [{ id: 1, order_no: 'G1', type: 'gift_send', wallet: 'consumer', amount: -10, balance: 90, note: '', created_at: 0 }],
      { header: ['时间', '单号'], typeName: () => '送礼', walletName: () => '消费钱包' },
    );
    expect(csv.startsWith('\uFEFF时间,单号\r\n')).toBe(true);
    expect(csv).toContain('1970-01-01T00:00:00.000Z,G1,送礼,消费钱包,"-10",90\r\n');
  });
});
