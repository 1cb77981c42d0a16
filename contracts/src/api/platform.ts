import { z } from 'zod';
import { isValidTimeZone } from './admin.ts';

/**
 * The platform API (decision 035): people with the `platform_admin` role create and list the
 * teams (organizations) one deployment serves. The same rules as `npm run admin -- create-org`.
 */
export const ORGANIZATION_SLUG = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

export const PLATFORM_REFUSALS = ['organization_exists'] as const;
export type PlatformRefusal = (typeof PLATFORM_REFUSALS)[number];

export const platformOrganizationSchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  name: z.string(),
  timeZone: z.string(),
  publishableKey: z.string(),
  /** Where the team's fans reach the app: its ORG_HOSTS origin, or SITE_URL. */
  siteUrl: z.string(),
  createdAt: z.string(),
});
export type PlatformOrganization = z.infer<typeof platformOrganizationSchema>;

export const createOrganizationSchema = z
  .object({
    slug: z.string().regex(ORGANIZATION_SLUG, 'use 1–63 lower-case letters, digits and inner dashes'),
    name: z.string().trim().min(2).max(100),
    timeZone: z
      .string()
      .max(100)
      .refine(isValidTimeZone, 'must be an IANA time zone such as Europe/London')
      .default('Europe/London'),
    /** The team's first operator: invited by e-mail to choose a password. */
    operatorEmail: z.email().max(320),
  })
  .strict();

export const createdOrganizationSchema = z.object({
  organization: platformOrganizationSchema,
  invitation: z.object({ email: z.string(), expiresAt: z.string() }),
});
