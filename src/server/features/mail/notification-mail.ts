import { PRODUCT_NAME } from '../../../shared/brand.js';
import { isJobHuntNews, renderNotificationText } from '../../../shared/notifications.js';
import { zonedTimeFormat } from '../../../shared/settings.js';
import type { Db } from '../../db/client.js';
import { escapeHtml } from './html.js';
import { enqueueMail, type MailMessage } from './outbox.js';
import { emailMatchesDomain } from '../../lib/free-mail.js';
import { findMailRecipient, type MailRecipient } from './settings-repo.js';
import { createUnsubscribeToken } from './unsubscribe-token.js';

/** What the notifications feature tells its hook (its shape; app-features.ts joins the two features). */
export interface NotifiedEvent {
  userId: number;
  notification: { title: string; message: string; type: string; link: string | null };
}

export interface NotificationMailOptions {
  publicUrl: string;
  /** Signs the unsubscribe links (config.sessionSecret). */
  secret: string;
}

export const UNSUBSCRIBE_PATH = '/mail/unsubscribe';
const SETTINGS_PATH = '/profile/edit';
const NOTIFICATIONS_PATH = '/notifications';

export function unsubscribeUrl(options: NotificationMailOptions, userId: number): string {
  const token = createUnsubscribeToken(options.secret, userId);
  return `${options.publicUrl}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`;
}

/**
 * A moment as mail writes it: in the reader's time zone with its offset ('Nov 26, 2026, 1:26 PM GMT+1'),
 * or in UTC when their browser never told us their zone.
 */
export function mailTime(at: Date, timeZone: string | null): string {
  return zonedTimeFormat(timeZone, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(at);
}

/** The mail for one notification: plain text, simple HTML, and the one-click unsubscribe headers. */
export function renderNotificationMail(
  options: NotificationMailOptions,
  to: string,
  userId: number,
  notification: NotifiedEvent['notification'],
  timeZone: string | null = null,
): MailMessage {
  const message = renderNotificationText(notification.message, (at) => mailTime(at, timeZone));
  const open = `${options.publicUrl}${notification.link ?? NOTIFICATIONS_PATH}`;
  const unsubscribe = unsubscribeUrl(options, userId);
  const settings = `${options.publicUrl}${SETTINGS_PATH}`;
  const why = `You get this email because email notifications are on for your ${PRODUCT_NAME} account.`;
  const text = [
    message,
    '',
    `Open ${PRODUCT_NAME}: ${open}`,
    '',
    '--',
    why,
    `Stop these emails: ${unsubscribe}`,
    `Or change it in Account Settings: ${settings}`,
    '',
  ].join('\n');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(notification.title)}</title></head>
<body style="font-family:system-ui,sans-serif;color:#0f172a;line-height:1.5">
<h1 style="font-size:18px">${escapeHtml(notification.title)}</h1>
<p>${escapeHtml(message)}</p>
<p><a href="${escapeHtml(open)}" style="color:#2563eb">Open ${PRODUCT_NAME}</a></p>
<hr style="border:0;border-top:1px solid #e2e8f0">
<p style="font-size:12px;color:#64748b">${escapeHtml(why)}
<a href="${escapeHtml(unsubscribe)}">Stop these emails</a> or change it in
<a href="${escapeHtml(settings)}">Account Settings</a>.</p>
</body></html>`;
  return {
    userId,
    to,
    subject: notification.title.replace(/[\r\n]+/g, ' '),
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/**
 * Where a notification's mail goes, or null when it is not mailed (docs/decisions/085-a-job-hunt-hidden-from-the-employer.md):
 * nowhere while mail is off; to the confirmed personal address when there is one; else to the sign-in
 * address, except news of the user's own job hunt when that address is at their current employer's
 * domains, which stays in the app. A referrer's own news may go to such an address.
 */
export function mailAddressFor(
  recipient: MailRecipient | undefined,
  notification: { type: string; link: string | null },
): string | null {
  if (!recipient?.emailNotifications) return null;
  if (recipient.notificationEmail) return recipient.notificationEmail;
  if (isJobHuntNews(notification) && emailMatchesDomain(recipient.email, recipient.employerDomains)) {
    return null;
  }
  return recipient.email;
}

/**
 * The notifications feature's onNotified hook: in the notification's own transaction, queues its mail
 * for the address mailAddressFor names, if any.
 */
export function mailNotifications(options: NotificationMailOptions) {
  return async (tx: Db, { userId, notification }: NotifiedEvent): Promise<void> => {
    const recipient = await findMailRecipient(tx, userId);
    const to = mailAddressFor(recipient, notification);
    if (!to) return;
    await enqueueMail(tx, renderNotificationMail(options, to, userId, notification, recipient!.timeZone));
  };
}
