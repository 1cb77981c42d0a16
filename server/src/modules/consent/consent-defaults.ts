import type { Database } from '../../db/engine.ts';

/** The consent types a new organization starts with (the terms are required), in this order. */
export const DEFAULT_CONSENTS = [
  {
    key: 'terms',
    name: 'Terms and privacy policy',
    description: 'I accept the terms of use and the privacy policy.',
    required: true,
  },
  {
    key: 'marketing_email',
    name: 'News by e-mail',
    description: 'Send me team news and offers by e-mail.',
    required: false,
  },
  {
    key: 'partner_offers',
    name: 'Partner offers',
    description: 'Share offers from team partners with me.',
    required: false,
  },
];

export async function createDefaultConsentTypes(db: Database, organizationId: string) {
  await db
    .insertInto('consentTypes')
    .values(DEFAULT_CONSENTS.map((c, i) => ({ ...c, organizationId, sortOrder: i })))
    .execute();
}
