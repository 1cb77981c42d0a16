/**
 * The one module that pulls in supabase auth-js (~20 kB gzip). It is loaded with a dynamic
 * import that boot starts at once, in parallel with /config.json and the first route's chunks,
 * so it is not part of the entry chunk's static graph (product §13.9 first-load budget).
 */
export { AuthClient } from '@supabase/supabase-js';
