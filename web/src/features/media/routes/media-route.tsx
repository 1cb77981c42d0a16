/** Media hub (/media) (placeholder until the screen is built). */
export default function MediaRoute() {
  return <main className="p-4">Media hub (/media)</main>;
}
