/**
 * Outgoing mail (password reset). Through SMTP when SMTP_URL is set (for example
 * smtp://user:pass@mail.example.com:587), otherwise written to the server log so an operator of
 * the embedded server can pass the link on.
 */
import type { FastifyBaseLogger } from 'fastify';
import { t } from '../src/i18n';
import '../src/i18n/es/server';

export interface Mailer {
  send(to: string, subject: string, text: string): Promise<void>;
}

export function createMailer(log: FastifyBaseLogger, smtpUrl: string | undefined, from = 'CargoBici <no-reply@cargobici.test>'): Mailer {
  if (!smtpUrl) {
    return {
      async send(to, subject, text) {
        log.info({ to, subject }, t('server.log.mailWithoutSmtp', { to, subject, text }));
      },
    };
  }
  return {
    async send(to, subject, text) {
      const nodemailer = await import('nodemailer');
      const transport = nodemailer.createTransport(smtpUrl);
      await transport.sendMail({ from, to, subject, text });
    },
  };
}
