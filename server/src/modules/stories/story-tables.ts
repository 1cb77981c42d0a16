import type { Generated } from 'kysely';
import type { Timestamp } from '../../db/column-types.ts';

/** Kysely interfaces of the story tables (camelCase; see 0004_content.ts). */

export interface StoriesTable {
  id: Generated<string>;
  organizationId: string;
  title: string;
  coverMediaId: string | null;
  sponsorName: string | null;
  sponsorUrl: string | null;
  liveFrom: Timestamp | null;
  liveUntil: Timestamp | null;
  startsAt: Timestamp | null;
  stopsAt: Timestamp | null;
  points: Generated<number>;
  createdAt: Generated<Date>;
}

export interface StoryChaptersTable {
  id: Generated<string>;
  organizationId: string;
  storyId: string;
  orderIndex: number;
  mediaId: string;
  mediaType: Generated<'image' | 'video'>;
  sponsorUrl: string | null;
  durationSeconds: Generated<number>;
}

export interface StoryChapterViewsTable {
  organizationId: string;
  userId: string;
  storyId: string;
  chapterId: string;
  createdAt: Generated<Date>;
}

export interface StoryTables {
  stories: StoriesTable;
  storyChapters: StoryChaptersTable;
  storyChapterViews: StoryChapterViewsTable;
}
