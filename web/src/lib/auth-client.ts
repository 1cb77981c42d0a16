/**
 * The one module that pulls in the auth client: @supabase/ssr's browser client, which keeps the
 * session in cookies (decision 029). It is loaded with a dynamic import that boot starts at
 * once, in parallel with /config.json and the first route's chunks, so it is not part of the
 * entry chunk's static graph (product §13.9 first-load budget, decision 021).
 */
export { createBrowserClient } from '@supabase/ssr';
