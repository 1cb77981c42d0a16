import { randomBytes } from 'node:crypto';

/** A fan's shareable code (product §10.8): 8 upper-case letters and digits, given at sign-up. */
export const newReferralCode = () => randomBytes(5).toString('base64url').replace(/[-_]/g, 'x').toUpperCase();
