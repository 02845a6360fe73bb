import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';

/**
 * The mails of the shop under test: playwright.config.ts picks its data folder (E2E_MAIL_DIR)
 * and start-server.sh hands it to the first shop. With aiosmtpd installed (`make standins`, as
 * CI has), the shop sends them over SMTP to aiosmtpd, the catcher, which keeps each in the
 * Maildir {E2E_MAIL_DIR}/catcher/new; without it, the shop writes .eml files in
 * {E2E_MAIL_DIR}/mail.
 */
export function mailFolder(): string {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set: playwright.config.ts sets it for the shop it starts');
  const catcher = join(dir, 'catcher', 'new');
  return process.env.SHOP_TEST_AIOSMTPD && existsSync(catcher) ? catcher : join(dir, 'mail');
}

/** A mail as read from its file: its headers (names in lower case) and its plain text part. */
export interface Mail {
  file: string;
  headers: Record<string, string>;
  text: string;
}

/** Header lines, unfolded (a line starting with white space continues the one before). */
function parseHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

/** A body by its Content-Transfer-Encoding: quoted-printable (soft line breaks `=\n`, `=3D`), base64, or as it is. */
function decode(body: string, encoding = ''): string {
  switch (encoding.toLowerCase()) {
    case 'quoted-printable': {
      const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      return Buffer.from(bytes, 'latin1').toString('utf8');
    }
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    default:
      return body;
  }
}

/** Splits a message (or a part) at its first blank line. */
function split(raw: string): { headers: Record<string, string>; body: string } {
  const match = /\r?\n\r?\n/.exec(raw);
  if (!match) return { headers: parseHeaders(raw), body: '' };
  return { headers: parseHeaders(raw.slice(0, match.index)), body: raw.slice(match.index + match[0].length) };
}

/** The text/plain part of a message, decoded (multipart messages searched part by part). */
function plainText(headers: Record<string, string>, body: string): string | null {
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    for (const part of body.split(`--${boundary}`).slice(1)) {
      if (part.startsWith('--')) break;
      const inner = split(part.replace(/^\r?\n/, ''));
      const text = plainText(inner.headers, inner.body);
      if (text !== null) return text;
    }
    return null;
  }
  return /^text\/plain/i.test(type) ? decode(body, headers['content-transfer-encoding']) : null;
}

/**
 * Every mail received so far: each file of the catcher's Maildir `new` folder (moved there
 * whole), or each `.eml` file (files being written are dot files, left out).
 */
export function readMails(): Mail[] {
  const folder = mailFolder();
  const maildir = folder.endsWith(join('catcher', 'new'));
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return [];
  }
  return names
    .filter((name) => !name.startsWith('.') && (maildir || name.endsWith('.eml')))
    .sort()
    .map((file) => {
      const { headers, body } = split(readFileSync(join(folder, file), 'utf8'));
      return { file, headers, text: plainText(headers, body) ?? '' };
    });
}

/** Whether a mail's To names `address` (alone, or as `Name <address>`). */
const isTo = (mail: Mail, address: string) =>
  (mail.headers.to ?? '')
    .split(',')
    .map((to) => (/<([^>]+)>/.exec(to)?.[1] ?? to).trim().toLowerCase())
    .includes(address.toLowerCase());

/** Waits for a mail to `address` that no file in `seen` holds, and returns it. */
export async function waitForMail(address: string, seen: ReadonlySet<string> = new Set()): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      () => {
        found = readMails().find((mail) => !seen.has(mail.file) && isTo(mail, address));
        return found?.file;
      },
      { message: `a mail to ${address} in ${mailFolder()}`, timeout: 15_000 },
    )
    .toBeTruthy();
  return found!;
}

/** The files written so far, to tell a new mail from older ones. */
export const mailFiles = (): Set<string> => new Set(readMails().map((mail) => mail.file));

/** The reset link's path in a mail's text (`/reset-password?token=` and 64 hex digits). */
export function resetLinkIn(text: string): string {
  const token = /\/reset-password\?token=([0-9a-f]{64})\b/.exec(text)?.[1];
  expect(token, `a reset link in:\n${text}`).toBeTruthy();
  return `/reset-password?token=${token}`;
}
