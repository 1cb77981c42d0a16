import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config.ts';
import type { Database } from '../db/engine.ts';

export interface OutgoingMessage {
  organizationId: string | null;
  channel: 'email' | 'sms';
  recipient: string;
  subject?: string | null;
  body: string;
  /** Machine-readable details (kind, code, link) that tests and operators can read back. */
  payload?: Record<string, unknown>;
}

const transports = new Map<string, Transporter>();

/**
 * Every e-mail and SMS is written to the outbox table and the log (auth-compat §11); e-mail is
 * also sent through SMTP when SMTP_URL is set. A failed send is recorded on the row, never
 * thrown: the caller's flow (sign-up, recovery) has already succeeded.
 */
export async function sendMessage(
  deps: { db: Database; config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM'> },
  log: FastifyBaseLogger,
  message: OutgoingMessage,
): Promise<number> {
  const row = await deps.db
    .insertInto('outbox')
    .values({
      organizationId: message.organizationId,
      channel: message.channel,
      recipient: message.recipient,
      subject: message.subject ?? null,
      body: message.body,
      payload: JSON.stringify(message.payload ?? {}),
      sentAt: null,
      error: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const smtpUrl = deps.config.SMTP_URL;
  // Without SMTP the log is the only mailbox a developer has, so the body (links, codes) is
  // logged; with SMTP configured — every real deployment — codes and links never reach the log.
  log.info(
    { outboxId: row.id, channel: message.channel, to: message.recipient, subject: message.subject },
    smtpUrl && message.channel === 'email'
      ? `outbox: ${message.subject ?? 'message'} (sent by SMTP)`
      : `outbox: ${message.body}`,
  );
  if (message.channel === 'email' && smtpUrl) {
    try {
      let transport = transports.get(smtpUrl);
      if (!transport) {
        transport = nodemailer.createTransport(smtpUrl);
        transports.set(smtpUrl, transport);
      }
      await transport.sendMail({
        from: deps.config.MAIL_FROM,
        to: message.recipient,
        subject: message.subject ?? '',
        text: message.body,
      });
      await deps.db.updateTable('outbox').set({ sentAt: new Date() }).where('id', '=', row.id).execute();
    } catch (error) {
      log.warn({ err: error, outboxId: row.id }, 'SMTP send failed');
      await deps.db
        .updateTable('outbox')
        .set({ error: error instanceof Error ? error.message : String(error) })
        .where('id', '=', row.id)
        .execute();
    }
  }
  return row.id;
}
