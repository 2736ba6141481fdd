/**
 * A part's picture beside a line of a list (the cart, the quick order): 80 x 60, and only from a
 * phone's width up. Lazy, so a phone, which hides it, never fetches it; eager, the cart's first
 * four were fetched and decoded for nothing (issue 41).
 */
export function LinePicture({ src }: { src: string }) {
  return (
    <img
      src={src}
      alt=""
      width={80}
      height={60}
      loading="lazy"
      decoding="async"
      className="hidden aspect-[4/3] w-20 rounded object-cover sm:block"
    />
  );
}
