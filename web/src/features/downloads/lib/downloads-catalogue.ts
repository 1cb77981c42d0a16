import monzaPoster from '../assets/poster-monza.svg?url&no-inline';
import silverstonePoster from '../assets/poster-silverstone.svg?url&no-inline';
import suzukaPoster from '../assets/poster-suzuka.svg?url&no-inline';
import chequeredWallpaper from '../assets/wallpaper-chequered.svg?url&no-inline';
import lightsOutWallpaper from '../assets/wallpaper-lights-out.svg?url&no-inline';
import pitLaneWallpaper from '../assets/wallpaper-pit-lane.svg?url&no-inline';

/**
 * The downloads screen (product §1): race posters open as external links, wallpapers download as
 * files. Like the rewards carousel (product §3) this is fixed demo content shipped with the app;
 * the files are emitted by the build as hashed, long-cached assets.
 */
export interface Poster {
  id: string;
  /** Catalogue key of the race name (i18n `races.<id>`). */
  race: string;
  date: string;
  preview: string;
  /** Where the full poster lives; opened in a new tab. */
  href: string;
}

export interface Wallpaper {
  id: string;
  preview: string;
  /** The file itself, downloaded with this name. */
  file: string;
  fileName: string;
  width: number;
  height: number;
}

export const POSTERS: Poster[] = [
  {
    id: 'silverstone',
    race: 'silverstone',
    date: '2026-07-05',
    preview: silverstonePoster,
    href: silverstonePoster,
  },
  { id: 'monza', race: 'monza', date: '2026-09-06', preview: monzaPoster, href: monzaPoster },
  { id: 'suzuka', race: 'suzuka', date: '2026-03-29', preview: suzukaPoster, href: suzukaPoster },
];

export const WALLPAPERS: Wallpaper[] = [
  wallpaper('lights-out', lightsOutWallpaper),
  wallpaper('pit-lane', pitLaneWallpaper),
  wallpaper('chequered', chequeredWallpaper),
];

function wallpaper(id: string, file: string): Wallpaper {
  return { id, preview: file, file, fileName: `paddock-wallpaper-${id}.svg`, width: 1170, height: 2532 };
}

/** Posters newest race first, so the coming weekend's poster leads. */
export function postersByDate(posters: readonly Poster[]): Poster[] {
  return [...posters].sort((a, b) => b.date.localeCompare(a.date));
}
