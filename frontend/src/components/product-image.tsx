import { createContext, useContext, useState } from 'react';
import { AppLink } from './app-link';

/** The "no image" address the back office stores for a product without a picture. */
export const PLACEHOLDER_IMAGE = '/placeholder.png';

/**
 * The picture shown for a product without one: a drawing the server serves
 * (crates/api/src/demo_images.rs), sharp at any size; its old PNG address leads there too.
 */
export const PLACEHOLDER_PICTURE = '/placeholder.svg';

/** Addresses that mean "no image": the stored default, the drawing, and the form's word. */
const NO_IMAGE: readonly string[] = [PLACEHOLDER_IMAGE, PLACEHOLDER_PICTURE, 'placeholder'];

/** The image to try first: the placeholder drawing when the link is missing or means "no image". */
export function imageSource(src: string | null | undefined): string {
  const s = src?.trim();
  return !s || NO_IMAGE.includes(s) ? PLACEHOLDER_PICTURE : s;
}

/**
 * A product picture that falls back to the placeholder when missing or failing to load. Lazy,
 * unless `priority`: the first picture of a detail page, its largest paint, is fetched at once
 * and first.
 */
export function ProductImage({
  src,
  alt,
  className = '',
  priority = false,
}: {
  src: string | null | undefined;
  alt: string;
  className?: string;
  priority?: boolean;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const wanted = imageSource(src);
  const shown = failed === wanted ? PLACEHOLDER_PICTURE : wanted;
  return (
    <img
      src={shown}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      width={400}
      height={300}
      className={`aspect-[4/3] w-full bg-base-200 object-contain ${className}`}
      onError={() => {
        if (shown !== PLACEHOLDER_PICTURE) setFailed(wanted);
      }}
    />
  );
}

/**
 * Whether the cards inside are in a listing's first row, above the fold on any screen: their
 * pictures (a list page's largest paint) load at once and first, the others lazily.
 */
export const FirstRow = createContext(false);

/** A card's picture, linking to the detail page (hidden from the accessibility tree: the title links there too). */
export function CardFigure({ src, to }: { src: string | null | undefined; to: string }) {
  return (
    <figure>
      <AppLink to={to} tabIndex={-1} aria-hidden="true" className="block w-full">
        <ProductImage src={src} alt="" priority={useContext(FirstRow)} />
      </AppLink>
    </figure>
  );
}
