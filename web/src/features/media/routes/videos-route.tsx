/** Videos (/media/videos) (placeholder until the screen is built). */
export default function VideosRoute() {
  return <main className="p-4">Videos (/media/videos)</main>;
}
