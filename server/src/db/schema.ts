import type { Insertable, Selectable, Updateable } from 'kysely';
import type { AdminTables } from '../admin/admin-tables.ts';
import type { AuthTables } from '../auth/auth-tables.ts';
import type { ActivationTables } from '../modules/activations/activation-tables.ts';
import type { CarouselTables } from '../modules/carousel/carousel-tables.ts';
import type { ChallengeTables } from '../modules/challenges/challenge-tables.ts';
import type { CheckinTables } from '../modules/checkin/checkin-tables.ts';
import type { ConsentTables } from '../modules/consent/consent-tables.ts';
import type { ContentTables } from '../modules/content/content-tables.ts';
import type { FilesTables } from '../modules/files/files-tables.ts';
import type { LeaderboardTables } from '../modules/leaderboard/leaderboard-tables.ts';
import type { LedgerTables } from '../modules/ledger/ledger-tables.ts';
import type { OrganizationTables } from '../modules/organization/organization-tables.ts';
import type { ProfileTables } from '../modules/profile/profile-tables.ts';
import type { RewardTables } from '../modules/rewards/rewards-tables.ts';
import type { StoryTables } from '../modules/stories/story-tables.ts';
import type { SweepstakeTables } from '../modules/sweepstakes/sweepstake-tables.ts';
import type { PlatformTables } from '../platform/platform-tables.ts';

/**
 * Kysely's view of the database, in camelCase (CamelCasePlugin converts to snake_case in one
 * place). Each module declares its own tables in its `*-tables.ts`; this file only joins them
 * (type-only imports, so it adds no runtime dependency). db/table-owners.ts says which module
 * owns, and alone queries, each table.
 */
export interface DB
  extends OrganizationTables,
    ProfileTables,
    AuthTables,
    ConsentTables,
    FilesTables,
    LedgerTables,
    AdminTables,
    PlatformTables,
    ChallengeTables,
    CheckinTables,
    ContentTables,
    StoryTables,
    SweepstakeTables,
    ActivationTables,
    RewardTables,
    CarouselTables,
    LeaderboardTables {}

/** The rows nearly every module handles: the tenant and the fan's account. */
export type Organization = Selectable<DB['organizations']>;
export type User = Selectable<DB['users']>;
export type NewUser = Insertable<DB['users']>;
export type UserUpdate = Updateable<DB['users']>;
