import type { ColumnType, Generated } from 'kysely';

// Column kinds. Both databases read int8 and numeric as JS numbers (parsers in database.ts), so
// sums, counts and balances are numbers; timestamptz reads as Date.

/** An identity column: read as number, optional on insert. */
export type Id = Generated<number>;
/** timestamptz without a default. */
export type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** timestamptz with `default now()`. */
export type TimestampDefault = ColumnType<Date, Date | string | undefined, Date | string>;
export type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/**
 * date: read as a Date at midnight (PGlite: UTC midnight; node-postgres: local midnight), so
 * compare days in SQL or select `day::text` for a 'YYYY-MM-DD' string.
 */
export type DateOnly = ColumnType<Date, string, string>;
/** numeric without a default. */
export type Numeric = ColumnType<number, number | string, number | string>;
export type NumericDefault = ColumnType<number, number | string | undefined, number | string>;
export type NullableNumeric = ColumnType<number | null, number | string | null | undefined, number | string | null>;
/**
 * jsonb: read as the parsed value, written as a JSON string (`JSON.stringify(value)`): node-postgres
 * would send a JS array as a PostgreSQL array literal.
 */
export type Json<T> = ColumnType<T, string, string>;
export type JsonDefault<T> = ColumnType<T, string | undefined, string>;
export type NullableJson<T> = ColumnType<T | null, string | null | undefined, string | null>;
/** A column with a default: optional on insert. */
export type Default<T> = ColumnType<T, T | undefined, T>;
/** A nullable column: optional on insert (null). */
export type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;

// Value sets that columns of several areas share.

export type Sport = 'football' | 'basketball' | 'esports';

/** SPEC §2 /anchor type: 1 football, 2 basketball, 3 e-sports. */
export type LiveType = 1 | 2 | 3;

export type LiveStatus = 'not_started' | 'in_progress' | 'over';

export type ReviewStatus = 'under_review' | 'audit_successful' | 'audit_failure';

export type SettlementStatus = 'to_be_settled' | 'settled' | 'won' | 'lost' | 'void';

export type Flag = 0 | 1;
