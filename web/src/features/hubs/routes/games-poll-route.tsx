/** Poll hub (/games/poll) (placeholder until the screen is built). */
export default function GamesPollRoute() {
  return <main className="p-4">Poll hub (/games/poll)</main>;
}
