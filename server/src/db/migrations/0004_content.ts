import { type Kysely, sql } from 'kysely';

/**
 * Videos, playlists, articles and stories (product §3) and the fans' views of them. A view row
 * is unique per fan and item so the "viewed"/"read" flags can never double; the points
 * themselves are once-only ledger awards (decision 005), not these rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table playlists (
      id uuid primary key default gen_random_uuid(),
      organization_id uuid not null references organizations(id) on delete cascade,
      name text not null,
      description text not null default '',
      cover_media_id uuid references media(id) on delete set null,
      sort_order integer not null default 0,
      created_at timestamptz not null default now()
    );
    create index playlists_org on playlists (organization_id, sort_order);

    create table videos (
      id uuid primary key default gen_random_uuid(),
      organization_id uuid not null references organizations(id) on delete cascade,
      name text not null,
      description text not null default '',
      thumbnail_media_id uuid references media(id) on delete set null,
      source_type text not null check (source_type in ('file', 'youtube', 'vimeo')),
      media_id uuid references media(id) on delete restrict,
      external_url text,
      duration_seconds integer not null default 0 check (duration_seconds >= 0),
      value integer not null default 0 check (value >= 0),
      visible_from timestamptz,
      visible_until timestamptz,
      created_at timestamptz not null default now(),
      check (source_type <> 'file' or media_id is not null),
      check (source_type = 'file' or external_url is not null)
    );
    create index videos_org on videos (organization_id, created_at desc);

    create table playlist_videos (
      organization_id uuid not null references organizations(id) on delete cascade,
      playlist_id uuid not null references playlists(id) on delete cascade,
      video_id uuid not null references videos(id) on delete cascade,
      position integer not null,
      primary key (playlist_id, video_id)
    );
    create index playlist_videos_video on playlist_videos (video_id);

    create table articles (
      id uuid primary key default gen_random_uuid(),
      organization_id uuid not null references organizations(id) on delete cascade,
      slug text not null check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
      title text not null,
      summary text not null default '',
      body_html text not null,
      cover_media_id uuid references media(id) on delete set null,
      value integer not null default 0 check (value >= 0),
      published_at timestamptz not null,
      created_at timestamptz not null default now(),
      unique (organization_id, slug)
    );
    create index articles_org on articles (organization_id, published_at desc);

    create table content_views (
      id uuid primary key default gen_random_uuid(),
      organization_id uuid not null references organizations(id) on delete cascade,
      user_id uuid not null references users(id) on delete cascade,
      content_type text not null check (content_type in ('video', 'article')),
      content_id uuid not null,
      created_at timestamptz not null default now(),
      unique (user_id, content_type, content_id)
    );

    create table stories (
      id uuid primary key default gen_random_uuid(),
      organization_id uuid not null references organizations(id) on delete cascade,
      title text not null,
      cover_media_id uuid references media(id) on delete set null,
      sponsor_name text,
      sponsor_url text,
      live_from timestamptz,
      live_until timestamptz,
      starts_at timestamptz,
      stops_at timestamptz,
      points integer not null default 0 check (points >= 0),
      created_at timestamptz not null default now()
    );
    create index stories_org on stories (organization_id, created_at desc);

    create table story_chapters (
      id uuid primary key default gen_random_uuid(),
      organization_id uuid not null references organizations(id) on delete cascade,
      story_id uuid not null references stories(id) on delete cascade,
      order_index integer not null check (order_index >= 0),
      media_id uuid not null references media(id) on delete restrict,
      media_type text not null default 'image' check (media_type in ('image', 'video')),
      sponsor_url text,
      duration_seconds integer not null default 5 check (duration_seconds > 0),
      unique (story_id, order_index)
    );

    create table story_chapter_views (
      organization_id uuid not null references organizations(id) on delete cascade,
      user_id uuid not null references users(id) on delete cascade,
      story_id uuid not null references stories(id) on delete cascade,
      chapter_id uuid not null references story_chapters(id) on delete cascade,
      created_at timestamptz not null default now(),
      primary key (user_id, chapter_id)
    );
    create index story_chapter_views_story on story_chapter_views (user_id, story_id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table story_chapter_views, story_chapters, stories, content_views, articles,
      playlist_videos, videos, playlists cascade;
  `.execute(db);
}
