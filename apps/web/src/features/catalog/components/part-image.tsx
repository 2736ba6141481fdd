/** A part's picture at its intrinsic 4:3 size, so the layout never shifts while it loads. */
export function PartImage({ src, alt, eager }: { src: string; alt: string; eager: boolean }) {
  return (
    <figure className="bg-base-200">
      <img
        src={src}
        alt={alt}
        width={640}
        height={480}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        {...(eager ? { fetchPriority: 'high' as const } : {})}
        className="aspect-[4/3] w-full object-cover"
      />
    </figure>
  );
}
