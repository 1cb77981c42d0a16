import type { Generated } from 'kysely';
import type { Timestamp } from '../../db/column-types.ts';

/** Kysely interfaces of the activation tables (camelCase; see 0005_sweepstakes.ts). */

export interface ActivationsTable {
  id: Generated<string>;
  organizationId: string;
  slug: string;
  title: string;
  description: Generated<string>;
  mediaId: string | null;
  startsAt: Timestamp;
  stopsAt: Timestamp;
  bonusPoints: Generated<number>;
  createdAt: Generated<Date>;
  updatedAt: Generated<Date>;
}

export interface ActivationBadgesTable {
  organizationId: string;
  activationId: string;
  badgeId: string;
}

export interface ActivationUsersTable {
  organizationId: string;
  activationId: string;
  userId: string;
  activatedAt: Timestamp;
}

export interface ActivationTables {
  activations: ActivationsTable;
  activationBadges: ActivationBadgesTable;
  activationUsers: ActivationUsersTable;
}
