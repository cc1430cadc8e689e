/** E-mails as a mail program reads them: the tests read the .eml files the outbox writes (platform/mail/outbox.ts). */
import fs from 'node:fs';
import path from 'node:path';

/** The e-mails written into the outbox folder `dir` to `to`, oldest first: subject and text part. */
export function emlsTo(dir: string, to: string): Array<{ subject: string; body: string }> {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.eml'))
    .sort()
    .map((file) => parseEml(fs.readFileSync(path.join(dir, file), 'utf8')))
    .filter((mail) => mail.headers.some((header) => header.toLowerCase() === `to: ${to.toLowerCase()}`))
    .map((mail) => ({
      subject: mail.headers.find((header) => header.startsWith('Subject: '))?.slice('Subject: '.length) ?? '',
      body: mail.text,
    }));
}

/** An .eml as a mail program reads it: its headers, and each part's body (text and HTML of multipart/alternative). */
export function parseEml(raw: string): { headers: string[]; text: string; html: string | null } {
  const message = parseMessage(raw);
  // The alternative is the message itself, or one part of it when files go with it (multipart/mixed).
  const boundary = /^Content-Type: multipart\/alternative;\s*boundary="?([^";\n]+)"?/im.exec(
    raw.replace(/\r\n/g, '\n').replace(/\n[ \t]+/g, ' '),
  )?.[1];
  if (!boundary) return { headers: message.headers, text: message.body, html: null };
  const parts = message.body
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((part) => parseMessage(part.replace(/^\n/, '')));
  const part = (type: string) => parts.find((p) => p.headers.some((h) => h.startsWith(`Content-Type: ${type}`)))?.body ?? null;
  return { headers: message.headers, text: part('text/plain') ?? '', html: part('text/html') };
}

function parseMessage(raw: string): { headers: string[]; body: string } {
  const text = raw.replace(/\r\n/g, '\n');
  const split = text.indexOf('\n\n');
  const headerText = text.slice(0, split);
  let body = text.slice(split + 2);
  if (/^Content-Transfer-Encoding: quoted-printable$/im.test(headerText)) {
    const latin1 = body
      .replace(/=\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    body = Buffer.from(latin1, 'latin1').toString('utf8');
  } else if (/^Content-Transfer-Encoding: base64$/im.test(headerText)) {
    body = Buffer.from(body, 'base64').toString('utf8');
  }
  // Unfold continued header lines.
  const headers = headerText.replace(/\n[ \t]+/g, ' ').split('\n');
  return { headers, body: body.replace(/\n$/, '') };
}
