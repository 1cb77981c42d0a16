/** Contests hub (/contests) (placeholder until the screen is built). */
export default function ContestsRoute() {
  return <main className="p-4">Contests hub (/contests)</main>;
}
