import { z } from 'zod';

/**
 * Response shapes of /auth/v1 for the OpenAPI document (auth-compat §3). Loose objects: the
 * GoTrue wire format carries optional fields the client reads when present.
 */
const json = z.record(z.string(), z.unknown());

export const authUserSchema = z
  .looseObject({
    id: z.string(),
    aud: z.literal('authenticated'),
    role: z.literal('authenticated'),
    email: z.string(),
    phone: z.string(),
    app_metadata: json,
    user_metadata: json,
    identities: z.array(z.unknown()),
    created_at: z.string(),
    updated_at: z.string(),
    is_anonymous: z.boolean(),
  })
  .describe('A GoTrue user');

export const sessionSchema = z
  .looseObject({
    access_token: z.string(),
    token_type: z.literal('bearer'),
    expires_in: z.number(),
    expires_at: z.number(),
    refresh_token: z.string(),
    user: authUserSchema,
  })
  .describe('A GoTrue session');

export const emptySchema = z.looseObject({}).describe('An empty JSON object');

/** GoTrue errors: `{code, message, error_code, msg}`, or OAuth-style `{error, error_description}`. */
export const authErrorSchema = z
  .looseObject({
    code: z.string().optional(),
    message: z.string().optional(),
    error_code: z.string().optional(),
    msg: z.string().optional(),
    error: z.string().optional(),
    error_description: z.string().optional(),
  })
  .describe('An auth error');

export const authResponses = <T extends z.ZodType>(ok: T) => ({
  200: ok,
  '4xx': authErrorSchema,
  '5xx': authErrorSchema,
});

/** user_metadata as clients send it (sign-up `data`, PUT /user `data`). */
export const metadata = z.record(z.string(), z.unknown()).nullish();

/** A text field of GoTrue's request bodies: absent, null or a string. */
export type Text = string | null | undefined;

/** What the flows that reach a person by e-mail or SMS read from their body (auth-compat §5). */
export interface ContactBody {
  email?: Text;
  phone?: Text;
  data?: Record<string, unknown> | null | undefined;
  code_challenge?: Text;
  code_challenge_method?: Text;
}
