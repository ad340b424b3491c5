import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** One mail the server wrote to its outbox (<data dir>/outbox/<timestamp>-<n>.eml). */
export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  text: string;
}

function outboxDir(): string {
  const dataDir = process.env.STRATA_E2E_DATA_DIR;
  if (!dataDir) throw new Error('STRATA_E2E_DATA_DIR is not set: run the tests through playwright.config.ts');
  return join(dataDir, 'outbox');
}

/** Reads an RFC 5322 message: its headers (unfolded) and its body. */
export function parseMail(file: string, raw: string): OutboxMail {
  const normalised = raw.replace(/\r\n/g, '\n');
  const split = normalised.indexOf('\n\n');
  const head = split === -1 ? normalised : normalised.slice(0, split);
  const body = split === -1 ? '' : normalised.slice(split + 2);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  let text = body;
  if (/quoted-printable/i.test(headers.get('content-transfer-encoding') ?? '')) {
    // Soft line breaks go; =XX are bytes of UTF-8 text.
    text = decodeURIComponent(
      body
        .replace(/=\n/g, '')
        .replace(/%/g, '%25')
        .replace(/=([0-9A-F]{2})/gi, '%$1'),
    );
  }
  return { file, to: headers.get('to') ?? '', subject: decodeWords(headers.get('subject') ?? ''), text };
}

/** Decodes RFC 2047 encoded words (=?UTF-8?q?…?= and =?UTF-8?b?…?=), as the mail library writes them. */
export function decodeWords(header: string): string {
  return header.replace(/\?=\s+=\?/g, '?==?').replace(/=\?utf-8\?([qb])\?([^?]*)\?=/gi, (_, enc: string, data: string) => {
    if (enc.toLowerCase() === 'b') return Buffer.from(data, 'base64').toString('utf8');
    const bytes = data.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  });
}

/** The addresses of a To header: "Ada <ada@x.org>, bob@y.org" → ["ada@x.org", "bob@y.org"]. */
function addressesOf(to: string): string[] {
  return to.split(',').map((part) => (/<([^>]+)>/.exec(part)?.[1] ?? part).trim().toLowerCase());
}

async function mailsTo(recipient: string): Promise<OutboxMail[]> {
  const dir = outboxDir();
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  // File names start with a UTC timestamp, so their order is the order of sending.
  const emls = names.filter((n) => n.endsWith('.eml') && !n.startsWith('.')).sort();
  const mails = await Promise.all(emls.map(async (n) => parseMail(n, await readFile(join(dir, n), 'utf8'))));
  return mails.filter((m) => addressesOf(m.to).includes(recipient.toLowerCase()));
}

export interface WaitOptions {
  /** Only mails not among these files count (take them with `outboxFiles` before acting). */
  exclude?: readonly string[];
  timeoutMs?: number;
}

/** The files in the outbox for a recipient now, to ignore older mails when waiting for a new one. */
export async function outboxFiles(recipient: string): Promise<string[]> {
  return (await mailsTo(recipient)).map((m) => m.file);
}

/** Waits for the newest mail to `recipient` and returns it. */
export async function waitForMail(recipient: string, options: WaitOptions = {}): Promise<OutboxMail> {
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  const excluded = new Set(options.exclude ?? []);
  for (;;) {
    const mails = (await mailsTo(recipient)).filter((m) => !excluded.has(m.file));
    const newest = mails[mails.length - 1];
    if (newest) return newest;
    if (Date.now() > deadline) throw new Error(`no mail to ${recipient} in ${outboxDir()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The first absolute link in a mail's text whose path is `path` (query and fragment may follow). */
export function linkIn(mail: OutboxMail, path: string): string {
  for (const match of mail.text.matchAll(/https?:\/\/[^\s<>"]+/g)) {
    const url = new URL(match[0]);
    if (url.pathname === path) return url.toString();
  }
  throw new Error(`no link to ${path} in the mail "${mail.subject}" to ${mail.to}:\n${mail.text}`);
}

/** Waits for the newest mail to `recipient` and returns its first link to `path`. */
export async function waitForLink(recipient: string, path: string, options: WaitOptions = {}): Promise<string> {
  return linkIn(await waitForMail(recipient, options), path);
}
