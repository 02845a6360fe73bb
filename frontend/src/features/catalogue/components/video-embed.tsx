import { useState } from 'react';
import { safeWebLink, toEmbedUrl } from '../lib/video';

/** The embedded player with autoplay, since the shopper asked for it by pressing play. */
function autoplay(embed: string): string {
  const url = new URL(embed);
  url.searchParams.set('autoplay', '1');
  return url.toString();
}

/**
 * The video of a product or show. An embeddable link shows a still (the product's own picture)
 * with a play button and a link to the video; the player loads only when play is pressed, so a
 * page never waits for the video site and a video that cannot load never shows an error box in
 * its place. A link that cannot be embedded is a plain link.
 */
export function VideoEmbed({ url, title, still }: { url: string | null | undefined; title: string; still?: string | null }) {
  const [playing, setPlaying] = useState(false);
  if (!url) return null;
  const link = safeWebLink(url);
  const embed = toEmbedUrl(url);
  const watch = link && (
    <a href={link} className="link link-primary" target="_blank" rel="noreferrer noopener">
      Watch the video of {title}
    </a>
  );
  if (!embed) return watch ? <p>{watch}</p> : null;
  return (
    <figure className="w-full max-w-3xl space-y-2">
      <div className="relative aspect-video w-full overflow-hidden rounded-box bg-neutral">
        {playing ? (
          <iframe
            src={autoplay(embed)}
            title={`Video: ${title}`}
            className="h-full w-full"
            allow="accelerometer; autoplay; encrypted-media; gyroscope; picture-in-picture"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
          />
        ) : (
          <>
            {still && (
              <img src={still} alt="" width={400} height={400} loading="lazy" decoding="async" className="h-full w-full object-cover opacity-60" />
            )}
            <button
              type="button"
              className="btn btn-circle btn-lg btn-primary absolute left-1/2 top-1/2 -translate-x-1/2 -translate-y-1/2 shadow-lg"
              aria-label={`Play the video of ${title}`}
              onClick={() => setPlaying(true)}
            >
              <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" fill="currentColor">
                <path d="M8 5v14l11-7z" />
              </svg>
            </button>
          </>
        )}
      </div>
      {watch && <figcaption className="text-sm">{watch}</figcaption>}
    </figure>
  );
}
