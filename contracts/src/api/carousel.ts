import { z } from 'zod';

/** A carousel reward (product §3): fixed demo data, minus what the fan dismissed. */
export const carouselItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  points: z.number().int().nullable(),
  image: z.string().describe('Image URL'),
  url: z.string().describe('In-app path (/media, /benefits, …) or an external https URL'),
  cta: z.string().describe('Button label'),
  icon: z.string(),
  underageGate: z.boolean().describe('Hidden from under-18 fans (product §2)'),
  isAd: z.boolean().describe('A partner or shop promotion rather than an in-app reward'),
});
export type CarouselItem = z.infer<typeof carouselItemSchema>;

export const carouselListSchema = z.array(carouselItemSchema);
