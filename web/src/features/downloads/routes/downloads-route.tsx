/** Downloads (/downloads) (placeholder until the screen is built). */
export default function DownloadsRoute() {
  return <main className="p-4">Downloads (/downloads)</main>;
}
