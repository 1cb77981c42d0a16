/** The wide cover picture atop a detail page (an article, a challenge); decorative, so no alt text. */
export function CoverImage({ src }: { src: string | null | undefined }) {
  if (!src) return null;
  return (
    <img
      src={src}
      alt=""
      className="aspect-[16/9] w-full rounded-2xl border border-line bg-surface-2 object-cover"
    />
  );
}
