import type { components } from '../../api/schema';

type LedgerEntry = components['schemas']['LedgerEntry'];

/** Whole tenths of a typed amount ('12', '12.3'), or null when it is not one (0.1 is the smallest unit, SPEC §5). */
export function tenthsOfText(text: string): number | null {
  const match = /^\s*(\d{1,7})(?:\.(\d))?\s*$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 10 + Number(match[2] ?? 0);
}

/** An amount of the contract with one decimal when it has one: 5000, 12.3. */
export function formatAmount(amount: number): string {
  const tenths = Math.round(amount * 10);
  const sign = tenths < 0 ? '-' : '';
  const magnitude = Math.abs(tenths);
  const whole = Math.floor(magnitude / 10);
  return magnitude % 10 === 0 ? `${sign}${whole}` : `${sign}${whole}.${magnitude % 10}`;
}

const cell = (value: string) => (/[",\n\r]/.test(value) || /^[=+\-@]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** The ledger as CSV (UTF-8 with a byte order mark, so spreadsheet programs read Chinese right). */
export function ledgerCsv(
  rows: readonly LedgerEntry[],
  words: { header: string[]; typeName: (type: string) => string; walletName: (wallet: LedgerEntry['wallet']) => string },
): string {
  const lines = [words.header.map(cell).join(',')];
  for (const row of rows) {
    lines.push(
      [
        new Date(row.created_at * 1000).toISOString(),
        row.order_no,
        words.typeName(row.type),
        words.walletName(row.wallet),
        // Amounts are data, not formulas: a leading minus is kept as text by quoting.
        formatAmount(row.amount),
        formatAmount(row.balance),
      ]
        .map(cell)
        .join(','),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
