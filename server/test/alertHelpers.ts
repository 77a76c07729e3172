import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { Webhook } from 'standardwebhooks';
import type { TestContextOptions } from './helpers';

/** What tests give buildApp: every retry, poll and gathering in milliseconds, so a day of retries takes a moment. */
export const QUICK_BACKGROUND: NonNullable<TestContextOptions['background']> = {
  gatherMs: 0,
  mail: { pollMs: 20, retry: { firstDelayMs: 20, maxDelayMs: 40, giveUpAfterMs: 500 } },
  webhooks: { pollMs: 20, retry: { firstDelayMs: 20, maxDelayMs: 40, giveUpAfterMs: 500 } },
};

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
}

/** A real SMTP server (smtp-server) on loopback; each message is read back with mailparser. */
export async function startSmtpServer() {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail: ParsedMail) => {
          const addresses = (field: ParsedMail['to']) =>
            (Array.isArray(field) ? field : field ? [field] : []).flatMap((group) =>
              group.value.map((entry) => entry.address ?? ''),
            );
          messages.push({
            from: mail.from?.text ?? '',
            to: addresses(mail.to),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface ReceivedWebhook {
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The signature checked by the standardwebhooks package against the endpoint's secret (set with `secret`). */
  verified: boolean;
}

/** How the receiver answers a request: a status, or a status with headers and a body. */
export type ReceiverAnswer = number | { status: number; headers?: Record<string, string>; body?: string };

/**
 * A webhook receiver on loopback. `answer(n)` says how to answer the n-th request (1-based); 204 by default. It
 * checks each request's signature with the official package once told the endpoint's secret.
 */
export async function startWebhookReceiver(answer: (n: number) => ReceiverAnswer = () => 204) {
  const received: ReceivedWebhook[] = [];
  let secret: string | null = null;
  let hold: Promise<void> | null = null;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let verified = false;
      if (secret) {
        try {
          new Webhook(secret).verify(body, request.headers as Record<string, string>);
          verified = true;
        } catch {
          verified = false;
        }
      }
      received.push({ headers: request.headers, body, verified });
      if (hold) await hold;
      const given = answer(received.length);
      const {
        status,
        headers = {},
        body: text = `answer ${received.length}`,
      } = typeof given === 'number' ? { status: given } : given;
      response.writeHead(status, { 'content-type': 'text/plain', ...headers });
      response.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/alerts`,
    port,
    received,
    useSecret: (value: string) => (secret = value),
    /** Answers nothing until the promise resolves (a receiver that hangs). */
    holdAnswers: (until: Promise<void>) => (hold = until),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Waits a moment and says nothing more arrived: the "exactly one" half of a count. */
export const quietFor = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
