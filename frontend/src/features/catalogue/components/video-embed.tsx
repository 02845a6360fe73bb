import { safeWebLink, toEmbedUrl } from '../lib/video';

/** The embedded video of a product or show; a plain link when it cannot be embedded. */
export function VideoEmbed({ url, title }: { url: string | null | undefined; title: string }) {
  if (!url) return null;
  const embed = toEmbedUrl(url);
  if (!embed) {
    const link = safeWebLink(url);
    if (!link) return null;
    return (
      <p>
        <a href={link} className="link link-primary" target="_blank" rel="noreferrer noopener">
          Watch the video of {title}
        </a>
      </p>
    );
  }
  return (
    <div className="aspect-video w-full max-w-3xl overflow-hidden rounded-box bg-base-200">
      <iframe
        src={embed}
        title={`Video: ${title}`}
        className="h-full w-full"
        loading="lazy"
        allow="accelerometer; encrypted-media; gyroscope; picture-in-picture"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
      />
    </div>
  );
}
