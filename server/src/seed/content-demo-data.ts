/**
 * The demo season's videos, playlists, articles and stories (product §14). One list feeds
 * both the asset generator (server/scripts/generate-demo-assets.ts draws the posters and clips
 * named here) and the seed (content-seed.ts inserts the rows), so titles on the pictures and in
 * the app always agree. Paths are relative to server/seed-assets.
 */

export interface DemoVideo {
  key: string;
  name: string;
  description: string;
  /** Real length of the committed clip. */
  durationSeconds: number;
  value: number;
  /** Accent colour of poster and clip. */
  accent: string;
  /** Minutes before the seed moment it was published (list order is newest first). */
  ageMinutes: number;
}

export interface DemoPlaylist {
  key: string;
  name: string;
  description: string;
  accent: string;
  videoKeys: string[];
}

export interface DemoArticle {
  slug: string;
  title: string;
  summary: string;
  bodyHtml: string;
  value: number;
  accent: string;
  /** Days before the seed moment it was published. */
  ageDays: number;
}

export interface DemoChapter {
  headline: string;
  body: string;
  /** A chapter that plays a clip instead of a picture. */
  clipKey?: string;
  sponsorUrl?: string;
  durationSeconds?: number;
}

export interface DemoStory {
  key: string;
  title: string;
  kicker: string;
  accent: string;
  points: number;
  sponsorName?: string;
  sponsorUrl?: string;
  /** Live window relative to the seed moment, in hours. */
  live?: { fromHours: number; untilHours: number };
  ageHours: number;
  chapters: DemoChapter[];
}

export const TEAM_NAME = 'Apex Racing';
export const RED = '#e10600';
export const TEAL = '#00d2be';
export const AMBER = '#ffb000';
export const VIOLET = '#8f5bff';

export const videoClipPath = (key: string) => `content/videos/${key}.mp4`;
export const videoPosterPath = (key: string) => `content/videos/${key}.svg`;
export const playlistCoverPath = (key: string) => `content/playlists/${key}.svg`;
export const articleCoverPath = (slug: string) => `content/articles/${slug}.svg`;
export const storyCoverPath = (key: string) => `content/stories/${key}/cover.svg`;
export const storyChapterPath = (key: string, index: number) =>
  `content/stories/${key}/chapter-${index + 1}.svg`;

export const DEMO_VIDEOS: DemoVideo[] = [
  {
    key: 'onboard-silverstone',
    name: 'Onboard: a flying lap of Silverstone',
    description: 'Ride with Marco through Maggotts, Becketts and Chapel at full qualifying pace.',
    durationSeconds: 6,
    value: 25,
    accent: RED,
    ageMinutes: 60,
  },
  {
    key: 'pit-stop-2-1',
    name: 'Pit stop in 2.1 seconds',
    description: 'Twenty people, four tyres, one perfect stop. Watch the crew nail it from above.',
    durationSeconds: 4,
    value: 20,
    accent: AMBER,
    ageMinutes: 180,
  },
  {
    key: 'grid-walk',
    name: 'Grid walk before lights out',
    description: 'The last ten minutes before the start: tyre blankets off, visors down.',
    durationSeconds: 5,
    value: 15,
    accent: TEAL,
    ageMinutes: 600,
  },
  {
    key: 'podium-monza',
    name: 'Podium at Monza',
    description: 'Sam takes P3 at the Temple of Speed and the whole garage goes wild.',
    durationSeconds: 5,
    value: 20,
    accent: RED,
    ageMinutes: 1440,
  },
  {
    key: 'garage-build-up',
    name: 'Garage build-up on Thursday',
    description: 'From empty boxes to a race-ready garage in under twelve hours.',
    durationSeconds: 4,
    value: 15,
    accent: VIOLET,
    ageMinutes: 2880,
  },
  {
    key: 'engineers-briefing',
    name: "Engineers' briefing",
    description: 'How the strategy team plans a one-stop versus a two-stop race.',
    durationSeconds: 5,
    value: 15,
    accent: TEAL,
    ageMinutes: 4320,
  },
  {
    key: 'simulator-session',
    name: 'Night shift in the simulator',
    description: 'Our reserve driver tests set-ups for Suzuka while the race team sleeps.',
    durationSeconds: 6,
    value: 20,
    accent: VIOLET,
    ageMinutes: 5760,
  },
  {
    key: 'marco-warm-up',
    name: "Marco's warm-up routine",
    description: 'Reaction drills, neck training and a playlist he will not share.',
    durationSeconds: 3,
    value: 10,
    accent: AMBER,
    ageMinutes: 7200,
  },
  {
    key: 'sam-helmet',
    name: "Sam's new helmet design",
    description: 'The story behind the colours Sam will wear for the home race.',
    durationSeconds: 4,
    value: 10,
    accent: RED,
    ageMinutes: 8640,
  },
  {
    key: 'quick-fire-qa',
    name: 'Quick-fire Q&A with both drivers',
    description: 'Favourite track, worst haircut, best overtake: thirty questions in three minutes.',
    durationSeconds: 5,
    value: 15,
    accent: TEAL,
    ageMinutes: 10080,
  },
];

export const DEMO_PLAYLISTS: DemoPlaylist[] = [
  {
    key: 'race-weekend',
    name: 'Race weekend',
    description: 'Everything from the grid to the podium.',
    accent: RED,
    videoKeys: ['onboard-silverstone', 'grid-walk', 'pit-stop-2-1', 'podium-monza'],
  },
  {
    key: 'inside-the-team',
    name: 'Inside the team',
    description: 'The people and the work behind every lap.',
    accent: TEAL,
    videoKeys: ['garage-build-up', 'engineers-briefing', 'simulator-session', 'pit-stop-2-1'],
  },
  {
    key: 'driver-diaries',
    name: 'Driver diaries',
    description: 'Marco and Sam, off the record.',
    accent: AMBER,
    videoKeys: ['marco-warm-up', 'sam-helmet', 'quick-fire-qa'],
  },
];

export const DEMO_ARTICLES: DemoArticle[] = [
  {
    slug: 'silverstone-double-points',
    title: 'Double points finish at Silverstone',
    summary: 'Marco fights from P9 to P5 and Sam brings home P7 in front of a record home crowd.',
    value: 20,
    accent: RED,
    ageDays: 1,
    bodyHtml: `<p>It was the home race we had been waiting for. Starting P9 after a red flag cut qualifying short, Marco Velti made four places in a race that never let up, and Sam Okafor held off a late charge to finish P7.</p>
<h2>The strategy call</h2>
<p>With rain threatening on lap 30, the pit wall kept both cars out one lap longer than our rivals. The shower never came, and the overcut gave Marco the track position he needed to pass two cars on fresh mediums.</p>
<blockquote>"The crowd in Becketts was louder than the engine. I could feel them on every lap." – Marco</blockquote>
<p>Sixteen points move us up to fifth in the constructors' standings with nine races to go.</p>`,
  },
  {
    slug: 'new-front-wing-for-monza',
    title: 'A low-drag front wing for Monza',
    summary: 'Our aero team explains the thinnest wing we have ever raced.',
    value: 15,
    accent: TEAL,
    ageDays: 4,
    bodyHtml: `<p>Monza rewards straight-line speed above almost everything else. For the Italian round we bring a front wing with a flap a third thinner than the one we raced at Spa.</p>
<h2>What changes</h2>
<ul><li>Less drag on the straights: around 4 km/h more at the speed trap.</li><li>Less downforce in the Lesmos, where the drivers will have to be brave.</li><li>New endplates to keep the airflow clean around the front tyres.</li></ul>
<p>The wing passed its load tests on Tuesday and both cars will run it from first practice.</p>`,
  },
  {
    slug: 'meet-the-pit-crew',
    title: 'Meet the pit crew behind the 2.1 s stop',
    summary: 'Twenty people, four tyres and hundreds of practice stops every week.',
    value: 15,
    accent: AMBER,
    ageDays: 7,
    bodyHtml: `<p>Our fastest stop of the season so far took 2.1 seconds. Behind it are twenty mechanics who practise up to a hundred stops every race weekend.</p>
<h2>Who does what</h2>
<p>Three people per wheel: one on the gun, one taking the old tyre off, one fitting the new one. Two on the jacks, one steadying the car, and a chief mechanic watching the light.</p>
<p>"The stop is won in the factory," says chief mechanic Rosa Lind. "By the time we reach the track, it is muscle memory."</p>`,
  },
  {
    slug: 'sam-okafor-contract-extension',
    title: 'Sam Okafor stays with Apex Racing until 2028',
    summary: 'Our rookie signs a two-year extension after a breakthrough first season.',
    value: 25,
    accent: VIOLET,
    ageDays: 10,
    bodyHtml: `<p>We are delighted to confirm that Sam Okafor has signed a contract extension that keeps him with the team until the end of 2028.</p>
<p>Sam joined from our academy last winter and has scored points in seven of his first eleven races, including a first podium at Monza.</p>
<blockquote>"This team believed in me when I was racing karts. There is nowhere else I want to be." – Sam</blockquote>`,
  },
  {
    slug: 'fan-zone-returns',
    title: 'The Apex fan zone returns for the home race',
    summary: 'Simulator challenges, a pit-stop game and driver signings all weekend.',
    value: 10,
    accent: TEAL,
    ageDays: 14,
    bodyHtml: `<p>The fan zone is back behind the main grandstand with more to do than ever.</p>
<ul><li>Race our simulator against the fastest lap of the day.</li><li>Try a wheel change on a real show car.</li><li>Driver signings on Friday and Saturday at 16:00.</li></ul>
<p>Entry is free with any race ticket. Show your rank badge in the app for a surprise at the merch stand.</p>`,
  },
  {
    slug: 'suzuka-preview',
    title: 'Suzuka preview: the figure of eight',
    summary: 'Why the drivers call it the ultimate test and what we expect from the weekend.',
    value: 15,
    accent: RED,
    ageDays: 20,
    bodyHtml: `<p>The only figure-of-eight track on the calendar, Suzuka asks for commitment through the Esses and precision at the hairpin.</p>
<h2>Our targets</h2>
<p>After a strong simulator programme we expect both cars in Q3. Tyre wear in the high-speed corners will decide whether a one-stop is possible.</p>
<p>Practice starts Friday at 11:30 local time; follow the live story in the app for updates from the garage.</p>`,
  },
];

export const DEMO_STORIES: DemoStory[] = [
  {
    key: 'live-from-the-grid',
    title: 'Live from the grid',
    kicker: 'LIVE',
    accent: RED,
    points: 20,
    live: { fromHours: -1, untilHours: 24 * 7 },
    ageHours: 1,
    chapters: [
      {
        headline: 'Lights out soon',
        body: 'Both cars are on the grid. Tyre blankets come off in five minutes.',
      },
      {
        headline: 'Onboard',
        body: 'Marco’s out lap, straight from the car.',
        clipKey: 'onboard-silverstone',
        durationSeconds: 6,
      },
      { headline: 'Strategy', body: 'Mediums to start, hards in the pit window around lap 22.' },
    ],
  },
  {
    key: 'tyre-talk',
    title: 'Tyre talk',
    kicker: 'PRESENTED BY GRIDLINE TYRES',
    accent: AMBER,
    points: 15,
    sponsorName: 'Gridline Tyres',
    sponsorUrl: 'https://example.com/gridline-tyres',
    ageHours: 6,
    chapters: [
      { headline: 'Three compounds', body: 'Soft, medium and hard: grip against life.' },
      {
        headline: 'Warm-up',
        body: 'A tyre works best between 90 and 110 °C.',
        sponsorUrl: 'https://example.com/gridline-tyres',
      },
    ],
  },
  {
    key: 'p10-welcome',
    title: 'P10 Welcome to the garage',
    kicker: 'P10 ROOKIES ONLY',
    accent: TEAL,
    points: 10,
    ageHours: 12,
    chapters: [
      { headline: 'Welcome, rookie', body: 'This is where the cars are built, race after race.' },
      {
        headline: 'Earn your stripes',
        body: 'Check in daily, answer polls and watch videos to climb to P9.',
      },
    ],
  },
  {
    key: 'p9-simulator',
    title: 'P9 Inside the simulator',
    kicker: 'P9 KARTING KIDS ONLY',
    accent: VIOLET,
    points: 15,
    ageHours: 20,
    chapters: [
      { headline: 'The rig', body: 'A full cockpit on six actuators, 270° of screens.' },
      { headline: 'Night shift', body: 'Set-ups for Suzuka are tested while the race team sleeps.' },
    ],
  },
  {
    key: 'save-to-home',
    title: 'Save to Home',
    kicker: 'TIP',
    accent: TEAL,
    points: 5,
    ageHours: 30,
    chapters: [
      { headline: 'Apex in one tap', body: 'Open your browser menu and choose “Add to Home Screen”.' },
      { headline: 'Never miss a poll', body: 'The app opens full screen, just like a native one.' },
    ],
  },
  {
    key: 'silverstone-recap',
    title: 'Silverstone in 60 seconds',
    kicker: 'RACE RECAP',
    accent: RED,
    points: 15,
    ageHours: 40,
    chapters: [
      { headline: 'P9 to P5', body: 'Marco’s comeback drive, one overtake at a time.' },
      { headline: 'The overcut', body: 'One lap longer on old tyres won us two places.' },
      { headline: '16 points', body: 'Up to fifth in the constructors’ standings.' },
    ],
  },
  {
    key: 'pit-crew',
    title: 'Meet the pit crew',
    kicker: 'BEHIND THE SCENES',
    accent: AMBER,
    points: 10,
    ageHours: 60,
    chapters: [
      { headline: 'Twenty people', body: 'Three per wheel, two on the jacks, one on the lights.' },
      {
        headline: '2.1 seconds',
        body: 'Our fastest stop this season.',
        clipKey: 'pit-stop-2-1',
        durationSeconds: 4,
      },
    ],
  },
  {
    key: 'paddock-club',
    title: 'A day in the Paddock Club',
    kicker: 'PRESENTED BY VELOCITY WATCHES',
    accent: VIOLET,
    points: 15,
    sponsorName: 'Velocity Watches',
    sponsorUrl: 'https://example.com/velocity-watches',
    ageHours: 80,
    chapters: [
      { headline: 'Above the pit lane', body: 'The best seat for a pit stop is right above it.' },
      { headline: 'Win a visit', body: 'Enter the Paddock Club sweepstake in the app.' },
    ],
  },
];
