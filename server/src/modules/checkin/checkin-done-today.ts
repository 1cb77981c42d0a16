import type { Database } from '../../db/engine.ts';
import { ExpiringMap } from '../../platform/expiring-map.ts';

/**
 * Which fans this process has seen checked in, and on which day (decision 040): a hint that lets
 * a repeated POST /checkin (a double tap, a client retrying) be refused by one batched read
 * instead of a transaction that waits for and takes the fan's row lock (checkIn). Only a hint:
 * the refusal still reads the fan's last check-in from the database, so a day row support
 * deleted is honoured, and a fan without a hint takes the locked path as before. Per process,
 * in the bounded map the hot paths share (decision 032); one per database handle, so two apps in
 * one process (the tests) never share one.
 */
const seen = new WeakMap<Database, ExpiringMap<string>>();

/** A hint outlives the day it names by nothing useful: a calendar day and a little more. */
const REMEMBER_MS = 26 * 3_600_000;

const keyOf = (organizationId: string, userId: string) => `${organizationId}/${userId}`;

/** The day (YYYY-MM-DD, the organization's zone) the fan was last seen checked in, if remembered. */
export function dayCheckedIn(db: Database, organizationId: string, userId: string): string | undefined {
  return seen.get(db)?.get(keyOf(organizationId, userId));
}

/** Remembers that the fan is checked in on `day` (a committed check-in, or one the database showed). */
export function rememberCheckedIn(db: Database, organizationId: string, userId: string, day: string) {
  let days = seen.get(db);
  if (!days) {
    days = new ExpiringMap<string>(REMEMBER_MS);
    seen.set(db, days);
  }
  days.set(keyOf(organizationId, userId), day);
}

/** Forgets the fan (the database showed no check-in for the remembered day). */
export function forgetCheckedIn(db: Database, organizationId: string, userId: string) {
  seen.get(db)?.delete(keyOf(organizationId, userId));
}
