/**
 * The embeddable form of a video link: YouTube watch, short and shorts links become
 * https://www.youtube.com/embed/ID, Vimeo pages become player.vimeo.com. Links already in embed
 * form are kept. Anything else (or an invalid URL) gives null: show it as a plain link instead.
 */
export function toEmbedUrl(link: string | null | undefined): string | null {
  if (!link) return null;
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.replace(/^(www\.|m\.)/, '');
  const id = (value: string | null | undefined) => (value && /^[\w-]{6,}$/.test(value) ? value : null);
  const yt = (value: string | null | undefined) => {
    const v = id(value);
    return v ? `https://www.youtube.com/embed/${v}` : null;
  };
  if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    const parts = url.pathname.split('/').filter(Boolean);
    if (parts[0] === 'watch') return yt(url.searchParams.get('v'));
    if (parts[0] === 'embed' || parts[0] === 'shorts' || parts[0] === 'live' || parts[0] === 'v') return yt(parts[1]);
    return null;
  }
  if (host === 'youtu.be') return yt(url.pathname.split('/').filter(Boolean)[0]);
  if (host === 'vimeo.com') {
    const v = url.pathname.split('/').filter(Boolean)[0];
    return v && /^\d+$/.test(v) ? `https://player.vimeo.com/video/${v}` : null;
  }
  if (host === 'player.vimeo.com') return url.toString();
  return null;
}

/**
 * The link itself when it is a web address (http or https), otherwise null: a stored
 * `javascript:` or `data:` URL must never become a clickable link.
 */
export function safeWebLink(link: string | null | undefined): string | null {
  if (!link) return null;
  try {
    const url = new URL(link.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}
