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

/** A file the API answered, kept behind an object URL until it is saved (`saveObjectUrl`). */
export interface FileDownload {
  url: string;
  filename: string;
}

/**
 * The `responseHandler` of an RTK Query call that downloads a file with the bearer token: the
 * body behind an object URL, named by the Content-Disposition header (else `fallback`); an
 * error answer is read as the API's JSON (or null).
 */
export const fileResponse =
  (fallback: () => string) =>
  async (response: Response): Promise<FileDownload | unknown> => {
    if (!response.ok) return response.json().catch(() => null);
    const blob = await response.blob();
    return { url: URL.createObjectURL(blob), filename: attachmentName(response.headers.get('content-disposition'), fallback()) };
  };
