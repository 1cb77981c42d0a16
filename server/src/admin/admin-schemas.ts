import { z } from 'zod';

/** `{ id }` path parameter typed as a string (the shared uuidParam's computed key widens it). */
export const idParam = z.object({ id: z.uuid({ message: 'id must be a UUID' }) });
