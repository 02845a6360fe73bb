const moment = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** A moment (RFC 3339) as the reader's local date and time, "Nov 23, 2026, 4:05 PM"; other text as it is. */
export function formatDateTime(text: string): string {
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? text : moment.format(date);
}

