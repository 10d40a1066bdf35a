import type { AccountTables } from './tables/account-tables.ts';
import type { AdminTables } from './tables/admin-tables.ts';
import type { AnchorTables } from './tables/anchor-tables.ts';
import type { ChatTables } from './tables/chat-tables.ts';
import type { CircleTables } from './tables/circle-tables.ts';
import type { TimestampDefault } from './tables/column-types.ts';
import type { ContentTables } from './tables/content-tables.ts';
import type { ExpertTables } from './tables/expert-tables.ts';
import type { GiftsTables } from './tables/gifts-tables.ts';
import type { LiveTables } from './tables/live-tables.ts';
import type { ScoresTables } from './tables/scores-tables.ts';
import type { SocialTables } from './tables/social-tables.ts';
import type { TasksTables } from './tables/tasks-tables.ts';
import type { VideoTables } from './tables/video-tables.ts';
import type { WalletTables } from './tables/wallet-tables.ts';

// The tables of every area, each described in server/db/tables/<area>-tables.ts beside the column
// kinds (tables/column-types.ts). schema.test.ts checks them against a database migrated from
// server/db/migrations, so a migration that adds a column fails it until the table type has it.

/** migrate.ts: the numbered migrations applied so far. */
export interface SchemaMigrationsTable {
  name: string;
  applied_at: TimestampDefault;
}

export interface Database
  extends AccountTables,
    TasksTables,
    WalletTables,
    GiftsTables,
    ScoresTables,
    LiveTables,
    AnchorTables,
    ExpertTables,
    ContentTables,
    CircleTables,
    VideoTables,
    SocialTables,
    ChatTables,
    AdminTables {
  schema_migrations: SchemaMigrationsTable;
}

// Still imported from here by score-board.ts, match-feed.ts and sms-sender.ts; new code imports the
// table file that defines a type.
export type { SmsPurpose } from './tables/account-tables.ts';
export type { Match, MatchIncidentsTable, MatchOddsTable, OddsCompaniesTable, StandingsTable } from './tables/scores-tables.ts';
