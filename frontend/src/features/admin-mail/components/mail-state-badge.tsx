import type { MailState } from '../api/mail-api';

const BADGE: Record<MailState, { className: string; label: string }> = {
  PENDING: { className: 'badge-warning', label: 'Pending' },
  SENT: { className: 'badge-success', label: 'Sent' },
  FAILED: { className: 'badge-error', label: 'Failed' },
};

/** A mail's state as a badge (the word, never the colour alone). */
export function MailStateBadge({ state }: { state: string }) {
  const badge = BADGE[state as MailState] ?? { className: 'badge-neutral', label: state };
  return <span className={`badge whitespace-nowrap ${badge.className}`}>{badge.label}</span>;
}
