import { escapeHtml } from './html.js';
import { renderPage } from './pages.js';
import type { OutboxRow } from './repo.js';

const NOTE =
  '<p class="note">Development outbox: the mail this app queued, newest first. Without SMTP_URL nothing leaves this machine.</p>';

function status(row: OutboxRow): string {
  if (row.sentAt) return 'sent';
  if (row.failedAt) return `gave up: ${row.lastError ?? ''}`;
  return row.attempts > 0 ? `retrying (${row.attempts}): ${row.lastError ?? ''}` : 'queued';
}

/** The text's web links, clickable (the text itself is shown as is). */
function links(text: string): string {
  const urls = [...new Set(text.match(/https?:\/\/[^\s<>"]+/g) ?? [])];
  if (urls.length === 0) return '';
  return `<ul>${urls.map((u) => `<li><a href="${escapeHtml(u)}">${escapeHtml(u)}</a></li>`).join('')}</ul>`;
}

export function renderOutboxPage(rows: OutboxRow[]): string {
  const list =
    rows.length === 0
      ? '<p>No mail yet.</p>'
      : `<table><thead><tr><th>When</th><th>To</th><th>Subject</th><th>Status</th></tr></thead><tbody>
${rows
  .map(
    (r) =>
      `<tr><td>${escapeHtml(r.createdAt.toISOString())}</td><td>${escapeHtml(r.to)}</td><td><a href="/dev-mail/messages/${r.id}">${escapeHtml(r.subject)}</a></td><td>${escapeHtml(status(r))}</td></tr>`,
  )
  .join('\n')}
</tbody></table>`;
  return renderPage('Development mail', NOTE + list, { wide: true });
}

/** One message: its headers and plain text, escaped; the HTML part is shown as source, never rendered. */
export function renderOutboxMessage(row: OutboxRow): string {
  const headers = Object.entries({ To: row.to, Subject: row.subject, ...row.headers })
    .map(([name, value]) => `${name}: ${value}`)
    .join('\n');
  const body = `<p><a href="/dev-mail">← All mail</a> · ${escapeHtml(status(row))}</p>
<pre>${escapeHtml(headers)}</pre>
<h2 style="font-size:16px">Text</h2>
<pre>${escapeHtml(row.text)}</pre>
${links(row.text)}
${row.html === null ? '' : `<h2 style="font-size:16px">HTML source</h2><pre>${escapeHtml(row.html)}</pre>`}`;
  return renderPage(row.subject || '(no subject)', body, { wide: true });
}
