import { type ComponentType, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ArticlesConsole } from '../../features/content/console/articles-console.tsx';
import { PlaylistsConsole } from '../../features/content/console/playlists-console.tsx';
import { VideosConsole } from '../../features/content/console/videos-console.tsx';
import { StoriesConsole } from '../../features/stories/console/stories-console.tsx';
import { Button } from '../../ui/button.tsx';
import type { EditorSectionProps } from '../../ui/console/editing.tsx';
import { ConsolePage } from '../../ui/console/page.tsx';

/** Each tab: its label, its "New" button and the section that lists and edits its items. */
const TABS: { id: string; label: string; newLabel: string; Section: ComponentType<EditorSectionProps> }[] = [
  {
    id: 'videos',
    label: 'content-console:content.tabs.videos',
    newLabel: 'content-console:content.new.videos',
    Section: VideosConsole,
  },
  {
    id: 'playlists',
    label: 'content-console:content.tabs.playlists',
    newLabel: 'content-console:content.new.playlists',
    Section: PlaylistsConsole,
  },
  {
    id: 'articles',
    label: 'content-console:content.tabs.articles',
    newLabel: 'content-console:content.new.articles',
    Section: ArticlesConsole,
  },
  {
    id: 'stories',
    label: 'stories-console:story.tab',
    newLabel: 'stories-console:story.new',
    Section: StoriesConsole,
  },
];

/**
 * /admin/content: videos, playlists and articles (the content domain) and stories, on one
 * tabbed screen as operators know it (product §11.4). It composes two features, so it lives in app/.
 */
export default function ContentConsoleRoute() {
  const { t } = useTranslation(['content-console', 'stories-console']);
  const [tab, setTab] = useState(TABS[0]!);
  const [editing, setEditing] = useState<string | null>(null);
  const { Section } = tab;
  return (
    <ConsolePage
      title={t('content-console:content.title')}
      actions={editing === null && <Button onClick={() => setEditing('new')}>{t(tab.newLabel)}</Button>}
    >
      <div role="tablist" className="flex flex-wrap gap-1">
        {TABS.map((x) => (
          <button
            key={x.id}
            type="button"
            role="tab"
            aria-selected={tab.id === x.id}
            onClick={() => {
              setTab(x);
              setEditing(null);
            }}
            className={`rounded-lg px-3 py-2 text-sm font-semibold ${tab.id === x.id ? 'bg-brand' : 'bg-surface-2 text-white/80'}`}
          >
            {t(x.label)}
          </button>
        ))}
      </div>
      <Section editing={editing} onEdit={setEditing} onDone={() => setEditing(null)} />
    </ConsolePage>
  );
}
