/** One challenge (/challenges/:subtype/:challengeId) (placeholder until the screen is built). */
export default function ChallengeRoute() {
  return <main className="p-4">One challenge (/challenges/:subtype/:challengeId)</main>;
}
