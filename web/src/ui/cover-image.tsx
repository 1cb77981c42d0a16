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

/**
 * A card's decorative picture (no alt text), fetched only when it scrolls near; nothing when the
 * item has none, so the card's placeholder background shows.
 */
export function LazyPicture({
  src,
  className = 'size-full object-cover',
  width,
  height,
}: {
  src: string | null | undefined;
  className?: string;
  width?: number;
  height?: number;
}) {
  if (!src) return null;
  return <img src={src} alt="" loading="lazy" width={width} height={height} className={className} />;
}
