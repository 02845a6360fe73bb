import type { Mail, MailPage } from '../api/mail-api';

export const mail = (over: Partial<Mail> = {}): Mail => ({
  id: 'm1',
  to: 'ann.blast@example.com',
  subject: 'Reset your password',
  kind: 'passwordReset',
  state: 'SENT',
  attempts: 1,
  lastError: null,
  createdAt: '2026-06-01T14:30:00.000Z',
  sentAt: '2026-06-01T14:30:01.000Z',
  nextAttemptAt: null,
  ...over,
});

/** A page of the outbox as GET /api/admin/mail answers it. */
export const mailPage = (contents: Mail[], totalItems = contents.length, hasMore = false, pageSize = 25): MailPage => ({
  contents,
  totalItems,
  hasMore,
  totalPages: Math.ceil(totalItems / pageSize),
});
