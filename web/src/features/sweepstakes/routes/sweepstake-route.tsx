/** Sweepstake (/sweepstakes/:sweepstakeId) (placeholder until the screen is built). */
export default function SweepstakeRoute() {
  return <main className="p-4">Sweepstake (/sweepstakes/:sweepstakeId)</main>;
}
