/** Video player (/media/videos/:videoId) (placeholder until the screen is built). */
export default function VideoRoute() {
  return <main className="p-4">Video player (/media/videos/:videoId)</main>;
}
