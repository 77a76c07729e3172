// The mail room's settings (docs/alerts.md#email), read by server/config.ts with every other room's.
import type { EnvReader } from '../lib/envReader';

export interface MailConfig {
  /** smtp:// or smtps://, with user and password if the server wants them; null: mail is kept in the outbox. */
  smtpUrl: string | null;
  /** The From of every email (ALERTS_FROM). */
  from: string;
}

const DEMO_FROM = 'AI Model Gateway <alerts@example.com>';
/** `Name <address>` or a bare address. */
const MAILBOX = /^(?:[^<>]*<[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+)$/;

/** SMTP_URL and ALERTS_FROM: a sender is required in production once mail really goes out. */
export function readMailSettings({ str, mode, problems }: EnvReader): MailConfig {
  const smtpUrl = str('SMTP_URL');
  if (smtpUrl !== null) {
    let valid: boolean;
    try {
      const parsed = new URL(smtpUrl);
      valid = (parsed.protocol === 'smtp:' || parsed.protocol === 'smtps:') && parsed.hostname !== '';
    } catch {
      valid = false;
    }
    // Not echoed: the URL may carry the password.
    if (!valid) problems.push('SMTP_URL must be an smtp:// or smtps:// URL with a host');
  }
  const from = str('ALERTS_FROM');
  if (from !== null && !MAILBOX.test(from)) {
    problems.push(`ALERTS_FROM must be an email address, or a name and <address> (got "${from}")`);
  }
  if (from === null && smtpUrl !== null && mode === 'production') {
    problems.push('ALERTS_FROM is required in production when SMTP_URL is set');
  }
  return { smtpUrl, from: from ?? DEMO_FROM };
}
