// The e-mails about panel accounts (an invitation, a password reset): their words live here and only here, so they
// can move onto the shop's e-mail layout as they are.
import { type PanelRole, ROLE_WORDS } from '../../../core/auth.ts';
import { business } from '../../../core/business.ts';
import { datedMoment } from '../../../core/reply-promise.ts';
import type { OutgoingMail } from './outbox.ts';

export interface InvitationForMail {
  email: string;
  firstName: string;
  role: PanelRole;
  /** Who sent it, as the colleague knows them. */
  invitedBy: string;
  /** The one-time link. */
  url: string;
  expiresAt: Date;
}

const ROLE_DUTIES: Record<PanelRole, string> = {
  admin: 'everything in the panel, the staff accounts and the shop’s security log included',
  staff: 'enquiries, quotes, invoices, messages and products',
};

export function invitationMail(invite: InvitationForMail): OutgoingMail {
  return {
    to: invite.email,
    replyTo: business.email,
    subject: `${invite.invitedBy} invited you to the ${business.name} admin panel`,
    text: [
      `Dear ${invite.firstName},`,
      '',
      `${invite.invitedBy} has invited you to the ${business.name} admin panel as ${ROLE_WORDS[invite.role].toLowerCase()} (${ROLE_DUTIES[invite.role]}).`,
      '',
      'Choose your username and password here (the link works once):',
      invite.url,
      '',
      `The link expires on ${datedMoment(invite.expiresAt)} IST. After that, ask ${invite.invitedBy} for a new one.`,
      ...(invite.role === 'staff'
        ? ['', 'You will then set up two-factor authentication with an authenticator app on your phone (about two minutes).']
        : []),
      '',
      'If you did not expect this e-mail, you can ignore it: nothing happens until the link is used.',
      '',
      business.name,
    ].join('\n'),
  };
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

export function passwordResetMail(reset: PasswordResetForMail): OutgoingMail {
  return {
    to: reset.email,
    replyTo: business.email,
    subject: `Choose a new password for the ${business.name} admin panel`,
    text: [
      `Dear ${reset.firstName || reset.username},`,
      '',
      `${reset.resetBy} has reset the password of your admin panel account "${reset.username}". Your old password no longer works, and you have been signed out everywhere.`,
      '',
      'Choose a new password here (the link works once):',
      reset.url,
      '',
      `The link expires on ${datedMoment(reset.expiresAt)} IST. After that, ask an administrator for a new one.`,
      '',
      business.name,
    ].join('\n'),
  };
}
