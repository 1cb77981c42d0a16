/** Challenges of one subtype (/challenges/:subtype) (placeholder until the screen is built). */
export default function ChallengeListRoute() {
  return <main className="p-4">Challenges of one subtype (/challenges/:subtype)</main>;
}
