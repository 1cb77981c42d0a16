/**
 * The one module that pulls in the realtime client (realtime-js, inside supabase-js). Only
 * `live-connection.ts` imports it, dynamically, when a live screen mounts: fans who never open
 * one never download it (decision 021's first-load budget).
 */
export { RealtimeClient } from '@supabase/supabase-js';
