export * from './age.ts';
export * from './challenge.ts';
export * from './rank.ts';
export * from './story.ts';
export * from './identifier.ts';
