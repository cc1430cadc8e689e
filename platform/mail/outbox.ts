import fs from 'node:fs/promises';
import path from 'node:path';

import { and, asc, eq, inArray, isNull, lte } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';

import type { Db } from '#platform/db/client.ts';
import { outbox } from '#platform/mail/tables.ts';

export interface OutgoingMail {
  to: string;
  replyTo?: string;
  subject: string;
  /** The plain-text alternative. */
  text: string;
  /** The message as HTML (./layout.tsx renders both from one content). */
  html?: string;
  /** Files sent with it (an invoice's PDF). */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  /** The file's bytes in base64, as the outbox keeps them. */
  base64: string;
  /** Set for a picture the HTML shows (`<img src="cid:…">`) rather than a file to open. */
  cid?: string;
}

type Writer = Pick<Db, 'insert'>;

/**
 * Queues e-mails inside the caller's transaction, so they exist exactly when what they announce does; several in one
 * statement, in the order given.
 */
export async function enqueueMail(tx: Writer, ...mails: [OutgoingMail, ...OutgoingMail[]]): Promise<void> {
  await tx.insert(outbox).values(
    mails.map((mail) => ({
      to: mail.to,
      replyTo: mail.replyTo ?? null,
      subject: mail.subject,
      text: mail.text,
      html: mail.html ?? null,
      attachments: mail.attachments?.length ? mail.attachments : null,
    })),
  );
}

export interface MailSenderOptions {
  from: string;
  /** smtp://user:pass@host:port; unset writes .eml files into `outboxDir` instead. */
  smtpUrl?: string;
  outboxDir: string;
  /** Milliseconds between looks at the queue when nothing pokes the sender. */
  pollMs?: number;
  now?: () => Date;
  log?: { warn: (obj: object, msg: string) => void };
}

const BATCH = 20;
const MAX_BACKOFF_MS = 6 * 60 * 60 * 1000;

/** Delay before the next attempt after `attempts` failures: 30 s, 1 min, 2 min, … up to 6 h. */
export function backoffMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);
}

/**
 * Delivers queued e-mails in the background: by SMTP when configured, else as .eml files. It runs
 * apart from requests (a failing mail server never slows or fails a customer's enquiry), retries with
 * backoff, and picks up whatever is left after a restart. Rows are claimed with SKIP LOCKED, so
 * several processes on one PostgreSQL database never send a message twice at once.
 */
export class MailSender {
  private readonly transport: Transporter;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  /** Until start(): queued mail waits for an explicit sendDue(). */
  private stopped = true;

  constructor(
    private readonly db: Db,
    private readonly options: MailSenderOptions,
  ) {
    this.transport = options.smtpUrl
      ? nodemailer.createTransport(options.smtpUrl)
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  }

  start(): void {
    this.stopped = false;
    this.poke();
  }

  /** Looks at the queue now (after a new message is queued). */
  poke(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.running = this.sendDue()
      .then(() => undefined)
      .catch((error: unknown) => this.options.log?.warn({ err: error }, 'outbox: could not read the queue'))
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.poke();
        } else if (!this.stopped) {
          this.timer = setTimeout(() => this.poke(), this.options.pollMs ?? 30_000);
          this.timer.unref();
        }
      });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
    this.transport.close();
  }

  /** Sends every message that is due; answers how many were sent. */
  async sendDue(): Promise<number> {
    let sent = 0;
    for (;;) {
      const claimed = await this.claim();
      if (claimed.length === 0) return sent;
      for (const row of claimed) if (await this.deliver(row)) sent++;
    }
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  /**
   * Takes due rows and pushes their next attempt out, so no other sender takes them meanwhile: one statement (its
   * subquery locks the rows it picks, skipping those another sender holds), one round trip to the database a batch.
   */
  private async claim() {
    const due = this.db
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(isNull(outbox.sentAt), lte(outbox.nextAttemptAt, this.now())))
      .orderBy(asc(outbox.id))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    const claimed = await this.db
      .update(outbox)
      .set({ nextAttemptAt: new Date(this.now().getTime() + 5 * 60_000) })
      .where(inArray(outbox.id, due))
      .returning();
    return claimed.sort((a, b) => a.id - b.id);
  }

  private async deliver(row: typeof outbox.$inferSelect): Promise<boolean> {
    try {
      const info = await this.transport.sendMail({
        from: this.options.from,
        to: row.to,
        replyTo: row.replyTo ?? undefined,
        subject: row.subject,
        text: row.text,
        html: row.html ?? undefined,
        attachments: row.attachments?.map((file) => ({
          filename: file.filename,
          contentType: file.contentType,
          content: Buffer.from(file.base64, 'base64'),
          ...(file.cid && { cid: file.cid }),
        })),
        messageId: `<outbox-${row.id}@${/@([^>\s]+)/.exec(this.options.from)?.[1] ?? 'localhost'}>`,
      });
      if (!this.options.smtpUrl) await this.writeEml(row.id, (info as { message: Buffer }).message);
      await this.db
        .update(outbox)
        .set({ sentAt: this.now(), lastError: null, attempts: row.attempts + 1 })
        .where(eq(outbox.id, row.id));
      return true;
    } catch (error) {
      const attempts = row.attempts + 1;
      const message = error instanceof Error ? error.message : String(error);
      this.options.log?.warn({ outboxId: row.id, attempts, error: message }, 'outbox: delivery failed, will retry');
      await this.db
        .update(outbox)
        .set({ attempts, lastError: message.slice(0, 500), nextAttemptAt: new Date(this.now().getTime() + backoffMs(attempts)) })
        .where(eq(outbox.id, row.id));
      return false;
    }
  }

  /** Written beside the server's work, not in its way: a synchronous write held every request for its duration. */
  private async writeEml(id: number, message: Buffer): Promise<void> {
    await fs.mkdir(this.options.outboxDir, { recursive: true });
    const file = path.join(this.options.outboxDir, `${String(id).padStart(8, '0')}.eml`);
    await fs.writeFile(`${file}.tmp`, message);
    await fs.rename(`${file}.tmp`, file);
  }
}
