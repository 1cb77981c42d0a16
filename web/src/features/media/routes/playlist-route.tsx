/** Playlist (/media/playlists/:id) (placeholder until the screen is built). */
export default function PlaylistRoute() {
  return <main className="p-4">Playlist (/media/playlists/:id)</main>;
}
