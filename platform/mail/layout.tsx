/**
 * The one layout of the shop's e-mails: the shop's name, the text, at most one table (the enquiry's lines, a quote's
 * rows and totals) that a phone shows in two columns, one button (an invoice's UPI request adds its own, with its QR code as a
 * picture), and the shop's contact details. Every message is a
 * `MailContent`; `renderMail` draws it as HTML (server-rendered React with inline styles, which mail programs keep)
 * and as the plain-text alternative, from the same content. See docs/decisions/025-e-mail.md.
 */
import type { CSSProperties, ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

import { hoursText } from '#domains/settings/opening-hours.ts';
import { phoneText, type PublicShop } from '#domains/settings/shop.ts';
import { HTML_LANG, type Language } from '#lib/language.ts';
import { serverTranslator } from '#platform/i18n/translator.ts';

import type { OutgoingMail } from './outbox.ts';

interface MailRow {
  /** What the row is: 'Areca Leaf Round Plate (Size: 8 inch)'. */
  label: string;
  /** How its amount is made: '3 cartons × ₹560.00 + GST 5%'. */
  detail?: string;
  amount: string;
}

export interface MailTable {
  caption: string;
  rows: MailRow[];
  /** Totals under the rows; the strong one is the total. */
  sums?: Array<{ label: string; amount: string; strong?: boolean }>;
}

/** A payment request: its words, the button that opens a UPI app, and its QR code (an attachment, by content id). */
export interface MailPay {
  text: string;
  button: { label: string; href: string };
  qr: { cid: string; alt: string };
}

interface MailContent {
  /** Who sends it: the shop as its settings stand (the header, the sign-off and where replies go). */
  shop: PublicShop;
  to: string;
  /** Where replies go; the shop's e-mail when left out. */
  replyTo?: string;
  subject: string;
  /** 'Dear Anitha Menon,'; null in the shop's own notices. */
  greeting: string | null;
  /** Paragraphs before the table. */
  intro: string[];
  /** Label/value facts before the table (who sent an enquiry). */
  about?: Array<{ label: string; value: string }>;
  table?: MailTable;
  /** Label/value facts after the table (contact details, the delivery address). */
  facts?: Array<{ label: string; value: string }>;
  /** One action, e.g. the status page. */
  button?: { label: string; href: string };
  /**
   * A payment request before the main button: its words, a button that opens the customer's UPI app on a phone, and
   * the same request as a QR code picture (an attachment of the message, named by its content id) for a wide screen.
   */
  pay?: MailPay;
  /** Paragraphs after the button. */
  outro?: string[];
  /** The shop's sign-off and contact line; the shop's own notices leave it out. */
  signed?: boolean;
  /** The customer's language: the layout's own words and the document's `lang` (English when left out). */
  language?: Language;
}

function contactLine(shop: PublicShop, language: Language = 'en'): string {
  const t = serverTranslator(language);
  return t('Questions? Call {phone} ({hours}) or reply to this e-mail.', {
    phone: phoneText(shop.phone),
    hours: hoursText(shop.hours, language).open,
  });
}

/** The plain-text alternative: the same content, a line per row. */
function mailText(content: MailContent): string {
  const blocks: string[][] = [];
  if (content.greeting) blocks.push([content.greeting]);
  for (const paragraph of content.intro) blocks.push([paragraph]);
  if (content.about?.length) blocks.push(content.about.map((fact) => `${fact.label}: ${fact.value}`));
  if (content.table) {
    const { caption, rows, sums = [] } = content.table;
    blocks.push([
      `${caption}:`,
      ...rows.flatMap((row) => [`- ${row.label}`, `  ${row.detail ? `${row.detail}: ` : ''}${row.amount}`]),
    ]);
    if (sums.length) blocks.push(sums.map((sum) => `${sum.label}: ${sum.amount}`));
  }
  if (content.facts?.length) blocks.push(content.facts.map((fact) => `${fact.label}: ${fact.value}`));
  if (content.pay) blocks.push([content.pay.text, `${content.pay.button.label}: ${content.pay.button.href}`]);
  if (content.button) blocks.push([`${content.button.label}: ${content.button.href}`]);
  for (const paragraph of content.outro ?? []) blocks.push([paragraph]);
  if (content.signed !== false) blocks.push([contactLine(content.shop, content.language)], [content.shop.name]);
  return blocks.map((block) => block.join('\n')).join('\n\n');
}

const INK = '#1c1917';
const MUTED = '#57534e';
const LEAF = '#2f6127';
const LINE = '#e7e5e4';
const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Noto Sans Malayalam', sans-serif";

const cell: CSSProperties = { padding: '8px 0', borderBottom: `1px solid ${LINE}`, verticalAlign: 'top' };
const amountCell: CSSProperties = { ...cell, paddingLeft: '12px', textAlign: 'right', whiteSpace: 'nowrap' };

function Paragraph({ children }: { children: ReactNode }) {
  return <p style={{ margin: '0 0 16px', lineHeight: '1.5', whiteSpace: 'pre-line' }}>{children}</p>;
}

function Facts({ facts }: { facts: Array<{ label: string; value: string }> }) {
  return (
    <p style={{ margin: '0 0 16px', lineHeight: '1.5' }}>
      {facts.map((fact, index) => (
        <span key={index} style={{ display: 'block', whiteSpace: 'pre-line' }}>
          <strong>{fact.label}:</strong> {fact.value}
        </span>
      ))}
    </p>
  );
}

/** A table for the layout: mail programs place tables reliably, and screen readers are told it holds no data. */
function Frame({ width = '100%', style = {}, children }: { width?: string; style?: CSSProperties; children: ReactNode }) {
  return (
    <table role="presentation" width={width} cellPadding={0} cellSpacing={0} style={{ borderCollapse: 'collapse', ...style }}>
      <tbody>{children}</tbody>
    </table>
  );
}

/** The lines and their sums: a data table, read by screen readers as one. */
function Table({ table }: { table: MailTable }) {
  return (
    <table
      width="100%"
      cellPadding={0}
      cellSpacing={0}
      style={{ borderCollapse: 'collapse', margin: '0 0 16px', fontSize: '15px' }}
    >
      <caption style={{ textAlign: 'left', fontWeight: 700, padding: '0 0 4px', color: LEAF }}>{table.caption}</caption>
      <tbody>
        {table.rows.map((row, index) => (
          <tr key={index}>
            <td style={cell}>
              <strong>{row.label}</strong>
              {row.detail && <div style={{ color: MUTED, fontSize: '13px', marginTop: '2px' }}>{row.detail}</div>}
            </td>
            <td style={amountCell}>{row.amount}</td>
          </tr>
        ))}
        {(table.sums ?? []).map((sum, index) => (
          <tr key={`sum-${index}`} style={sum.strong ? { fontWeight: 700, fontSize: '17px' } : undefined}>
            <td style={{ ...cell, textAlign: 'right' }}>{sum.label}</td>
            <td style={amountCell}>{sum.amount}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A link drawn as a button: a table cell with the colour, as mail programs keep it. */
function Button({ button }: { button: { label: string; href: string } }) {
  return (
    <Frame width="auto" style={{ margin: '8px 0 20px' }}>
      <tr>
        <td style={{ background: LEAF, borderRadius: '8px' }}>
          <a
            href={button.href}
            style={{ display: 'inline-block', padding: '12px 20px', color: '#ffffff', fontWeight: 700, textDecoration: 'none' }}
          >
            {button.label}
          </a>
        </td>
      </tr>
    </Frame>
  );
}

/** The QR code's side in CSS pixels: large enough to scan from a laptop's screen, narrow enough for any phone. */
const QR_SIDE = 180;

function Mail({ content }: { content: MailContent }) {
  return (
    <html lang={HTML_LANG[content.language ?? 'en']}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{content.subject}</title>
      </head>
      <body style={{ margin: 0, padding: 0, background: '#f5f5f4', color: INK, fontFamily: FONT, fontSize: '16px' }}>
        <Frame>
          <tr>
            <td align="center" style={{ padding: '16px 8px' }}>
              <Frame style={{ maxWidth: '600px', background: '#ffffff' }}>
                <tr>
                  <td style={{ padding: '16px 20px', background: LEAF, color: '#ffffff', fontSize: '18px', fontWeight: 700 }}>
                    {content.shop.name}
                  </td>
                </tr>
                <tr>
                  {/* An unbroken address or reference wraps instead of widening the message past a phone's screen. */}
                  <td style={{ padding: '20px', overflowWrap: 'anywhere', wordBreak: 'break-word' }}>
                    {content.greeting && <Paragraph>{content.greeting}</Paragraph>}
                    {content.intro.map((paragraph, index) => (
                      <Paragraph key={index}>{paragraph}</Paragraph>
                    ))}
                    {content.about && content.about.length > 0 && <Facts facts={content.about} />}
                    {content.table && <Table table={content.table} />}
                    {content.facts && content.facts.length > 0 && <Facts facts={content.facts} />}
                    {content.pay && (
                      <>
                        <Paragraph>{content.pay.text}</Paragraph>
                        <Button button={content.pay.button} />
                        <img
                          src={`cid:${content.pay.qr.cid}`}
                          alt={content.pay.qr.alt}
                          width={QR_SIDE}
                          height={QR_SIDE}
                          style={{ display: 'block', margin: '0 0 20px', maxWidth: '100%', height: 'auto' }}
                        />
                      </>
                    )}
                    {content.button && <Button button={content.button} />}
                    {(content.outro ?? []).map((paragraph, index) => (
                      <Paragraph key={index}>{paragraph}</Paragraph>
                    ))}
                    {content.signed !== false && (
                      <p style={{ margin: '16px 0 0', color: MUTED, fontSize: '14px', lineHeight: '1.5' }}>
                        {contactLine(content.shop, content.language)}
                        <br />
                        {content.shop.name}, {content.shop.address.locality}, {content.shop.address.state}
                      </p>
                    )}
                  </td>
                </tr>
              </Frame>
            </td>
          </tr>
        </Frame>
      </body>
    </html>
  );
}

/** The message as HTML with its plain-text alternative. */
export function renderMail(content: MailContent): OutgoingMail {
  return {
    to: content.to,
    replyTo: content.replyTo ?? content.shop.email,
    subject: content.subject,
    text: mailText(content),
    html: `<!DOCTYPE html>${renderToStaticMarkup(<Mail content={content} />)}`,
  };
}
