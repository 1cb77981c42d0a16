import { z } from 'zod';

/**
 * One consent type of the organization with the fan's answer (product §3: id, consentId, name,
 * value; enabled is derived from value). `id` is the consent type's id (used in the PATCH
 * path), `consentId` its stable key such as `marketing_email`.
 */
export const consentSchema = z.object({
  id: z.uuid(),
  consentId: z.string(),
  name: z.string(),
  description: z.string(),
  required: z.boolean().describe('Must be accepted to complete the profile'),
  value: z.number().int().describe('0 = not given; > 0 = given'),
  enabled: z.boolean().describe('value > 0'),
});
export type Consent = z.infer<typeof consentSchema>;

export const consentListSchema = z.array(consentSchema);

/** PATCH /api/consent/user/{id} (product §7). consentId, when sent, must name the same consent. */
export const consentUpdateSchema = z
  .object({
    consentId: z.string().max(100).optional().describe('The consent key or id; must match the path'),
    value: z.number().int().min(0).max(100),
    withdraw: z
      .boolean()
      .optional()
      .describe(
        'Required to withdraw a required consent (value 0): never withdrawn silently (product §10.12)',
      ),
    data: z
      .unknown()
      .optional()
      .describe('Free JSON kept with the history row (e.g. the text version shown)'),
  })
  .strict();
export type ConsentUpdate = z.infer<typeof consentUpdateSchema>;

/** The 422 refusal of a fan's consent change. */
export const CONSENT_REFUSALS = ['consent_mismatch', 'required_consent'] as const;
export type ConsentRefusal = (typeof CONSENT_REFUSALS)[number];
/** The refusals of the operator's consent types. */
export const CONSENT_ADMIN_REFUSALS = ['consent_required', 'duplicate_key'] as const;
export type ConsentAdminRefusal = (typeof CONSENT_ADMIN_REFUSALS)[number];
