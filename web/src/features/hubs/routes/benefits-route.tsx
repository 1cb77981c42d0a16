/** Rank benefits (/benefits) (placeholder until the screen is built). */
export default function BenefitsRoute() {
  return <main className="p-4">Rank benefits (/benefits)</main>;
}
