import { EMAIL_CATEGORY_LABELS, type EmailCategory } from '@devmarket/contract';
import { escapeHtml } from '../../lib/html';

/** Notification e-mails: both parts, in the product's look (brand colour, card, footer with the opt-out). */

export type MailItem = { title: string; body: string; href: string };

export function renderNotificationMail(opts: {
  firstName: string;
  heading: string;
  intro: string;
  items: MailItem[];
  action: { href: string; label: string };
  category: EmailCategory;
  unsubscribeUrl: string;
  settingsUrl: string;
}): { text: string; html: string } {
  const label = EMAIL_CATEGORY_LABELS[opts.category].label;
  const footer = `You receive this because e-mails about ${label.toLowerCase()} are on for your DevMarket account.`;
  const text = [
    `Hi ${opts.firstName},`,
    opts.intro,
    ...opts.items.map((i) => `• ${i.title}\n  ${i.body}\n  ${i.href}`),
    `${opts.action.label}: ${opts.action.href}`,
    '—',
    footer,
    `Stop these e-mails: ${opts.unsubscribeUrl}`,
    `All e-mail settings: ${opts.settingsUrl}`,
  ].join('\n\n');

  const rows = opts.items
    .map(
      (i) => `<tr><td style="padding:12px 0;border-top:1px solid #e6e8ef">
<a href="${escapeHtml(i.href)}" style="color:#1a2027;font-weight:600;text-decoration:none">${escapeHtml(i.title)}</a>
<div style="color:#55606e;font-size:14px;margin-top:4px">${escapeHtml(i.body)}</div></td></tr>`,
    )
    .join('');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escapeHtml(opts.heading)}</title></head>
<body style="margin:0;background:#f4f5fb;font-family:Inter,system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#1a2027">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f5fb;padding:24px 12px">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px">
<tr><td style="padding:0 0 16px;font-size:20px;font-weight:800;letter-spacing:-0.02em">
<span style="display:inline-block;width:28px;height:28px;border-radius:7px;background:#3f51e0;color:#fff;text-align:center;line-height:28px;font-size:14px;vertical-align:middle">&lt;/&gt;</span>
<span style="vertical-align:middle">Dev<span style="color:#3f51e0">Market</span></span></td></tr>
<tr><td style="background:#fff;border-radius:12px;padding:24px;border:1px solid #e6e8ef">
<h1 style="font-size:20px;margin:0 0 12px">${escapeHtml(opts.heading)}</h1>
<p style="margin:0 0 8px">Hi ${escapeHtml(opts.firstName)},</p>
<p style="margin:0 0 16px;color:#55606e">${escapeHtml(opts.intro)}</p>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0">${rows}</table>
<p style="margin:20px 0 0"><a href="${escapeHtml(opts.action.href)}" style="display:inline-block;background:#3f51e0;color:#fff;text-decoration:none;font-weight:600;padding:10px 18px;border-radius:8px">${escapeHtml(opts.action.label)}</a></p>
</td></tr>
<tr><td style="padding:16px 4px;color:#55606e;font-size:12px;line-height:1.5">${escapeHtml(footer)}<br>
<a href="${escapeHtml(opts.unsubscribeUrl)}" style="color:#55606e">Unsubscribe from these e-mails</a> ·
<a href="${escapeHtml(opts.settingsUrl)}" style="color:#55606e">E-mail settings</a></td></tr>
</table></td></tr></table></body></html>`;
  return { text, html };
}

/** The small page the one-click unsubscribe link answers with (no session needed). */
export function renderUnsubscribePage(opts: { ok: boolean; message: string; settingsUrl: string }): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${opts.ok ? 'Unsubscribed' : 'Link not valid'} · DevMarket</title></head>
<body style="margin:0;background:#f4f5fb;font-family:Inter,system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#1a2027">
<main style="max-width:480px;margin:64px auto;background:#fff;border:1px solid #e6e8ef;border-radius:12px;padding:24px">
<h1 style="font-size:20px;margin:0 0 12px">${opts.ok ? 'You are unsubscribed' : 'This link does not work'}</h1>
<p>${escapeHtml(opts.message)}</p>
<p><a href="${escapeHtml(opts.settingsUrl)}" style="color:#3f51e0">Manage your e-mail settings</a></p>
</main></body></html>`;
}
