/** Story viewer (/stories/:id) (placeholder until the screen is built). */
export default function StoryRoute() {
  return <main className="p-4">Story viewer (/stories/:id)</main>;
}
