// The e-mails about accounts (a panel invitation, a password reset), on the shop's e-mail layout like every other:
// the HTML with its one button, and the plain-text alternative from the same content.
import { type PanelRole, ROLE_WORDS } from '#domains/account/model.ts';
import type { PublicShop } from '#domains/settings/shop.ts';
import { datedMoment } from '#lib/india-time.ts';
import type { Language } from '#lib/language.ts';
import { serverTranslator } from '#platform/i18n/translator.ts';
import { renderMail } from '#platform/mail/layout.tsx';
import type { OutgoingMail } from '#platform/mail/outbox.ts';

export interface InvitationForMail {
  email: string;
  firstName: string;
  role: PanelRole;
  /** Who sent it, by their first name; null when their account has none (the shop's name stands in). */
  invitedBy: string | null;
  /** The one-time link. */
  url: string;
  expiresAt: Date;
}

const ROLE_DUTIES: Record<PanelRole, string> = {
  admin: 'everything in the panel, the staff accounts and the shop’s security log included',
  staff: 'enquiries, quotes, invoices, messages and products',
};

export function invitationMail(shop: PublicShop, invite: InvitationForMail): OutgoingMail {
  return renderMail({
    to: invite.email,
    shop,
    subject: invite.invitedBy
      ? `${invite.invitedBy} invited you to the ${shop.name} admin panel`
      : `${shop.name} invited you to its admin panel`,
    greeting: `Dear ${invite.firstName},`,
    intro: [
      `${invite.invitedBy ? `${invite.invitedBy} has invited you to the ${shop.name}` : `${shop.name} has invited you to its`} admin panel as ${ROLE_WORDS[invite.role].toLowerCase()} (${ROLE_DUTIES[invite.role]}).`,
      'Choose your username and password with the button below (the link works once).',
    ],
    button: { label: 'Choose your username and password', href: invite.url },
    outro: [
      `The link expires on ${datedMoment(invite.expiresAt)} IST. After that, ask ${invite.invitedBy ?? 'the shop'} for a new one.`,
      ...(invite.role === 'staff'
        ? ['You will then set up two-factor authentication with an authenticator app on your phone (about two minutes).']
        : []),
      'If you did not expect this e-mail, you can ignore it: nothing happens until the link is used.',
      shop.name,
    ],
    signed: false,
  });
}

export interface PasswordResetForMail {
  email: string;
  firstName: string;
  username: string;
  /** The administrator who reset it. */
  resetBy: string;
  url: string;
  expiresAt: Date;
}

export function passwordResetMail(shop: PublicShop, reset: PasswordResetForMail): OutgoingMail {
  return renderMail({
    to: reset.email,
    shop,
    subject: `Choose a new password for the ${shop.name} admin panel`,
    greeting: `Dear ${reset.firstName || reset.username},`,
    intro: [
      `${reset.resetBy} has reset the password of your admin panel account "${reset.username}". Your old password no longer works, and you have been signed out everywhere.`,
      'Choose a new password with the button below (the link works once).',
    ],
    button: { label: 'Choose a new password', href: reset.url },
    outro: [
      `The link expires on ${datedMoment(reset.expiresAt)} IST. After that, ask an administrator for a new one.`,
      shop.name,
    ],
    signed: false,
  });
}

export interface CustomerPasswordResetForMail {
  email: string;
  firstName: string;
  username: string;
  url: string;
  expiresAt: Date;
}

/**
 * The link a customer asked for on the login page, in the language of the page they asked from; their password is
 * unchanged until they use it.
 */
export function customerPasswordResetMail(
  shop: PublicShop,
  reset: CustomerPasswordResetForMail,
  language: Language = 'en',
): OutgoingMail {
  const t = serverTranslator(language);
  return renderMail({
    to: reset.email,
    shop,
    language,
    subject: t('Choose a new password for your {shop} account', { shop: shop.name }),
    greeting: t('Dear {name},', { name: reset.firstName || reset.username }),
    intro: [
      t('Someone, we hope you, asked to choose a new password for your account "{username}".', { username: reset.username }),
      t('Choose a new password with the button below (the link works once). You will then be signed out on every other device.'),
    ],
    button: { label: t('Choose a new password'), href: reset.url },
    outro: [
      t('The link expires on {when} IST. After that, ask for a new one from the login page.', {
        when: datedMoment(reset.expiresAt, language),
      }),
      t('If you did not ask for this, you can ignore this e-mail: your password stays as it is.'),
      shop.name,
    ],
    signed: false,
  });
}
