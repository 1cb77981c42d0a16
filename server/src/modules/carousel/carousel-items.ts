import type { CarouselItem } from '@paddock/contracts/api/carousel';

/**
 * A small branded card picture, inline so the demo works offline and needs no stored file. No
 * words: the card writes its title and points over it (decision 033).
 */
function cardImage(from: string, to: string): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360" viewBox="0 0 640 360">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/>` +
    `<stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect width="640" height="360" fill="url(#g)"/>` +
    `<path d="M0 300 L640 200 L640 360 L0 360 Z" fill="#000" fill-opacity="0.25"/>` +
    `<g fill="#fff" fill-opacity="0.14" transform="skewX(-20)"><rect x="420" width="48" height="360"/><rect x="492" width="24" height="360"/></g>` +
    `</svg>`;
  return `data:image/svg+xml;utf8,${encodeURIComponent(svg)}`;
}

/**
 * Product §1/§3: the carousel's rewards are fixed demo data linking to /media, /benefits,
 * /contests, an external shop and /cars. /benefits and /contests are closed to under-18 fans
 * (product §2), so their cards are age-gated, as is the shop advert.
 */
export const CAROUSEL_ITEMS: readonly CarouselItem[] = [
  {
    id: 'watch-and-earn',
    title: 'Watch & earn',
    description: 'Onboard laps, team radio and garage stories: every video pays points the first time.',
    points: 25,
    image: cardImage('#e10600', '#5a0200'),
    url: '/media',
    cta: 'Watch now',
    icon: 'play',
    underageGate: false,
    isAd: false,
  },
  {
    id: 'rank-benefits',
    title: 'Your rank benefits',
    description: 'Climb from P10 to P1 and unlock wallpapers, early polls and shop discounts.',
    points: null,
    image: cardImage('#00d2be', '#003d37'),
    url: '/benefits',
    cta: 'See benefits',
    icon: 'trophy',
    underageGate: true,
    isAd: false,
  },
  {
    id: 'race-week-contests',
    title: 'Race-week contests',
    description: 'Enter with your points for signed caps, paddock passes and more.',
    points: 100,
    image: cardImage('#ffb800', '#5c3a00'),
    url: '/contests',
    cta: 'Enter now',
    icon: 'gift',
    underageGate: true,
    isAd: false,
  },
  {
    id: 'team-shop',
    title: 'Team store: new season kit',
    description: 'The new team shirt and cap are in the official store.',
    points: null,
    image: cardImage('#1e1e2a', '#6b6b80'),
    url: 'https://shop.example.com/paddock',
    cta: 'Shop now',
    icon: 'shopping-bag',
    underageGate: true,
    isAd: true,
  },
  {
    id: 'meet-the-cars',
    title: 'Meet the cars',
    description: 'From the launch livery to the latest upgrades: the season’s cars up close.',
    points: null,
    image: cardImage('#2b6cff', '#0a1a40'),
    url: '/cars',
    cta: 'Explore',
    icon: 'car',
    underageGate: false,
    isAd: false,
  },
];
