/** Article (/articles/:id) (placeholder until the screen is built). */
export default function ArticleRoute() {
  return <main className="p-4">Article (/articles/:id)</main>;
}
