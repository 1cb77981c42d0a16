/** Sweepstakes (/sweepstakes) (placeholder until the screen is built). */
export default function SweepstakesRoute() {
  return <main className="p-4">Sweepstakes (/sweepstakes)</main>;
}
