import type { AdminChallengeInput } from '@paddock/contracts/api/challenges';
import type { SeasonSeedContext } from './season-seed-context.ts';
import { insertChallenge } from '../modules/challenges/challenge-admin-service.ts';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

type Image =
  | 'start-lights'
  | 'lights-out'
  | 'chequered-flag'
  | 'podium'
  | 'tyres'
  | 'team-radio'
  | 'pit-stop'
  | 'circuit'
  | 'helmet';

/** A seed challenge: times are offsets from the moment of seeding, so the season always looks current. */
type SeedChallenge = Omit<AdminChallengeInput, 'visibleFrom' | 'expiresOn' | 'mediaId' | 'description'> & {
  description: string;
  image: Image;
  /** Offset of visibleFrom from now (negative = already visible). */
  from: number;
  /** Offset of expiresOn from now, or null for open-ended. */
  until: number | null;
  /** Pick'em already settled on this option. */
  settledOutcome?: number;
  /** The demo fan has already made this prediction (pick'em option index). */
  fanPrediction?: number;
};

const opts = (points: number, ...texts: string[]) => texts.map((text) => ({ text, points }));
const q = (text: string, correct: number, points: number, ...texts: string[]) => ({
  text,
  options: texts.map((t, i) => ({ text: t, points: i === correct ? points : 0, isCorrect: i === correct })),
});

const REACTION_BRACKETS = [
  { maxMs: 200, points: 100 },
  { maxMs: 250, points: 60 },
  { maxMs: 300, points: 40 },
  { maxMs: 400, points: 20 },
  { maxMs: 600, points: 5 },
];

/** 22 challenges over all five subtypes: open, expired, upcoming, a settled pick'em and one ready to settle. */
export const SEED_CHALLENGES: SeedChallenge[] = [
  // ---- Polls ----
  {
    subtype: 'poll',
    title: 'Which tyre for the opening stint?',
    description: 'The strategists are split. Which compound would you start the British Grand Prix on?',
    image: 'tyres',
    from: -2 * DAY,
    until: 5 * DAY,
    options: opts(10, 'Soft', 'Medium', 'Hard'),
  },
  {
    subtype: 'poll',
    title: 'Driver of the Day',
    description: 'Vote for the drive of the weekend. Results are revealed when voting closes.',
    image: 'helmet',
    from: -1 * DAY,
    until: 2 * DAY,
    hideResultsUntilClose: true,
    options: opts(15, 'Marco Velti', 'Sam Okafor', 'Lukas Brandt', 'Diego Ferraz'),
  },
  {
    subtype: 'poll',
    title: 'Best overtake of the first half of the season',
    description:
      'From the outside line at Copse to the late lunge into the hairpin: which move was the best?',
    image: 'circuit',
    from: -40 * DAY,
    until: -10 * DAY,
    options: opts(
      10,
      'Copse, around the outside',
      'Hairpin, late on the brakes',
      'Turn 1 on the opening lap',
    ),
  },
  {
    subtype: 'poll',
    title: 'Pick our Las Vegas night-race livery',
    description: 'Neon, chrome or classic? The team will run the fans’ favourite under the lights.',
    image: 'helmet',
    from: -3 * DAY,
    until: null,
    options: opts(20, 'Neon red', 'Chrome and teal', 'Classic black'),
  },
  {
    subtype: 'poll',
    title: 'How fast will our quickest pit stop be?',
    description: 'The crew has been practising all week. Opens on race morning.',
    image: 'pit-stop',
    from: 2 * DAY,
    until: 4 * DAY,
    options: opts(10, 'Under 2.0 s', '2.0–2.3 s', '2.3–2.6 s', 'Over 2.6 s'),
  },
  {
    subtype: 'poll',
    title: 'Rain or shine at Spa?',
    description: 'The Ardennes weather is never sure. What will race day bring?',
    image: 'circuit',
    from: -1 * HOUR,
    until: 3 * DAY,
    options: opts(5, 'Dry all race', 'Showers mid-race', 'Full wet start'),
  },
  // ---- Pick'ems ----
  {
    subtype: 'pickem',
    title: 'Who takes pole at Silverstone?',
    description: 'Qualifying is over: the stewards are reviewing the laps before the result is official.',
    image: 'podium',
    from: -8 * DAY,
    until: -1 * DAY,
    options: [
      { text: 'Marco Velti', points: 75 },
      { text: 'Sam Okafor', points: 75 },
      { text: 'Lukas Brandt', points: 25 },
      { text: 'Diego Ferraz', points: 25 },
    ],
    fanPrediction: 0,
  },
  {
    subtype: 'pickem',
    title: 'Double podium this Sunday?',
    description: 'Will both our cars finish in the top three?',
    image: 'podium',
    from: -1 * DAY,
    until: 3 * DAY,
    options: [
      { text: 'Yes, both on the podium', points: 100 },
      { text: 'One car on the podium', points: 40 },
      { text: 'No podium', points: 20 },
    ],
  },
  {
    subtype: 'pickem',
    title: 'Fastest lap at Monaco',
    description: 'Settled: who set the fastest lap around the streets of Monte Carlo?',
    image: 'circuit',
    from: -30 * DAY,
    until: -20 * DAY,
    options: opts(50, 'Marco Velti', 'Sam Okafor', 'Lukas Brandt', 'Diego Ferraz'),
    settledOutcome: 1,
  },
  {
    subtype: 'pickem',
    title: 'Safety car at Monza?',
    description: 'The Temple of Speed has a habit of chaos at the first chicane. Predictions open soon.',
    image: 'lights-out',
    from: 1 * DAY,
    until: 6 * DAY,
    options: opts(30, 'Yes, at least one', 'No safety car'),
  },
  {
    subtype: 'pickem',
    title: 'Winning margin at the next race',
    description: 'How far ahead will the winner cross the line?',
    image: 'chequered-flag',
    from: -12 * HOUR,
    until: 4 * DAY,
    options: opts(40, 'Under 1 second', '1–5 seconds', '5–15 seconds', 'More than 15 seconds'),
  },
  // ---- Arcade ----
  {
    subtype: 'arcade',
    title: 'Lights Out reaction challenge',
    description: 'Five red lights, then go. React faster than a Formula driver for the top prize.',
    image: 'start-lights',
    from: -2 * DAY,
    until: 12 * DAY,
    arcadeBrackets: REACTION_BRACKETS,
  },
  {
    subtype: 'arcade',
    title: 'Pit-lane start reflex',
    description: 'Last month’s reaction challenge.',
    image: 'lights-out',
    from: -35 * DAY,
    until: -25 * DAY,
    arcadeBrackets: REACTION_BRACKETS,
  },
  {
    subtype: 'arcade',
    title: 'Qualifying reaction duel',
    description: 'A new reaction challenge opens with qualifying.',
    image: 'start-lights',
    from: 3 * DAY,
    until: 10 * DAY,
    arcadeBrackets: REACTION_BRACKETS,
  },
  // ---- Trivia ----
  {
    subtype: 'trivia',
    title: 'Race-start rules quiz',
    description: 'How well do you know what happens when the lights go out?',
    image: 'chequered-flag',
    from: -3 * DAY,
    until: 7 * DAY,
    questions: [
      q('How many red lights make up the start sequence?', 1, 20, 'Three', 'Five', 'Seven'),
      q(
        'What does a driver serve for a jump start?',
        2,
        20,
        'A warning',
        'A grid drop next race',
        'A time penalty',
      ),
      q('Who leads the formation lap?', 0, 20, 'The pole sitter', 'The safety car', 'The medical car'),
      q('What must every car do on the formation lap?', 1, 20, 'Overtake once', 'Keep its grid order', 'Pit'),
    ],
  },
  {
    subtype: 'trivia',
    title: 'Circuit knowledge',
    description: 'Famous corners from around the calendar.',
    image: 'circuit',
    from: -1 * DAY,
    until: 10 * DAY,
    questions: [
      q('Eau Rouge is at which circuit?', 2, 15, 'Monza', 'Suzuka', 'Spa-Francorchamps'),
      q('Which circuit hosts the “130R” corner?', 0, 15, 'Suzuka', 'Silverstone', 'Interlagos'),
      q('Maggotts and Becketts are at…', 1, 15, 'Imola', 'Silverstone', 'Zandvoort'),
      q('Which race runs through a tunnel?', 0, 15, 'Monaco', 'Baku', 'Singapore'),
      q('The Parabolica leads onto the main straight at…', 2, 15, 'Barcelona', 'Red Bull Ring', 'Monza'),
    ],
  },
  {
    subtype: 'trivia',
    title: 'Flags of the marshals',
    description: 'Last month’s quiz on the flags every driver must know.',
    image: 'chequered-flag',
    from: -30 * DAY,
    until: -15 * DAY,
    questions: [
      q('A blue flag tells a driver…', 0, 20, 'To let a faster car through', 'The race is over', 'To pit'),
      q('What does a red flag mean?', 1, 20, 'Last lap', 'The session is stopped', 'Rain ahead'),
      q(
        'A waved yellow flag means…',
        2,
        20,
        'Pit lane closed',
        'Track limits warning',
        'Danger: slow down, no overtaking',
      ),
    ],
  },
  {
    subtype: 'trivia',
    title: 'Tyre tech trivia',
    description: 'Compounds, pressures and blankets. Opens next week.',
    image: 'tyres',
    from: 5 * DAY,
    until: 14 * DAY,
    questions: [
      q('Which compound is marked with a red sidewall?', 0, 20, 'Soft', 'Medium', 'Hard'),
      q('Green sidewalls mark which tyre?', 1, 20, 'Hard', 'Intermediate', 'Full wet'),
      q(
        'Why are tyre blankets used?',
        2,
        20,
        'To keep tyres clean',
        'For sponsors',
        'To bring tyres up to temperature',
      ),
      q('How many dry compounds must be used in a dry race?', 1, 20, 'One', 'Two', 'Three'),
    ],
  },
  // ---- Keyword ----
  {
    subtype: 'keyword',
    title: 'Broadcast keyword',
    description: 'Listen to the team radio during the race broadcast and enter the keyword you hear.',
    image: 'team-radio',
    from: -6 * HOUR,
    until: 2 * DAY,
    keyword: 'Box box',
    points: 50,
  },
  {
    subtype: 'keyword',
    title: 'Track-day keyword',
    description: 'Find the keyword on the big screen in the fan zone and enter it here.',
    image: 'circuit',
    from: -2 * DAY,
    until: null,
    keyword: 'Eau Rouge',
    points: 30,
  },
  {
    subtype: 'keyword',
    title: 'Pre-season launch keyword',
    description: 'The keyword from the car launch livestream.',
    image: 'helmet',
    from: -60 * DAY,
    until: -50 * DAY,
    keyword: 'Full send',
    points: 25,
  },
  {
    subtype: 'keyword',
    title: 'Garage tour keyword',
    description: 'A keyword hidden in next week’s garage tour video.',
    image: 'pit-stop',
    from: 6 * DAY,
    until: 9 * DAY,
    keyword: 'Undercut',
    points: 40,
  },
];

/** Demo season: challenges of every subtype (some expired, some upcoming, a pick'em ready to settle) and the check-in table. */
export async function seedChallenges(ctx: SeasonSeedContext): Promise<void> {
  const images = new Map<Image, string>();
  const image = async (name: Image) => {
    let id = images.get(name);
    if (!id) {
      id = await ctx.asset(`challenges/${name}.svg`, 'image/svg+xml');
      images.set(name, id);
    }
    return id;
  };
  const at = (offset: number) => new Date(ctx.now.getTime() + offset).toISOString();
  const call = { db: ctx.db, org: ctx.org, now: ctx.now, actorUserId: ctx.operatorId };

  for (const seed of SEED_CHALLENGES) {
    const { image: img, from, until, settledOutcome, fanPrediction, ...input } = seed;
    const id = await insertChallenge(
      call,
      {
        ...input,
        mediaId: await image(img),
        visibleFrom: at(from),
        expiresOn: until == null ? null : at(until),
      },
      { audit: false },
    );
    if (settledOutcome !== undefined) {
      // Settled before anyone in the demo predicted it: no payouts to make.
      await ctx.db
        .updateTable('challenges')
        .set({ outcomeIndex: settledOutcome, settledAt: at((until ?? 0) + DAY), settlementRound: 1 })
        .where('id', '=', id)
        .execute();
    }
    if (fanPrediction !== undefined) {
      // The demo fan predicted before it closed, so settling it in the console pays someone.
      await ctx.db
        .insertInto('challengeResponses')
        .values({
          organizationId: ctx.org.id,
          challengeId: id,
          userId: ctx.fanId,
          status: 'completed',
          optionIndex: fanPrediction,
          createdAt: new Date(at(from + HOUR)),
          completedAt: at(from + HOUR),
        })
        .execute();
    }
  }
}
