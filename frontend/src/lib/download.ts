/** How long an object URL outlives its click: the browser reads it after the click returns. */
export const REVOKE_AFTER_MS = 60_000;

/** Saves the file behind an object URL under `filename` (an <a download> clicked), then frees the URL. */
export function saveObjectUrl(url: string, filename: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}

/** Saves `blob` under `filename`. */
export function saveBlob(blob: Blob, filename: string): void {
  saveObjectUrl(URL.createObjectURL(blob), filename);
}

/** The file name a Content-Disposition header gives, or `fallback`. */
export function attachmentName(contentDisposition: string | null, fallback: string): string {
  return /filename="?([^";]+)"?/i.exec(contentDisposition ?? '')?.[1] ?? fallback;
}
