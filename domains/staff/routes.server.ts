import type { FastifyInstance } from 'fastify';

import { requestFacts } from '#domains/account/routes.server.ts';
import { acceptInviteSchema, forgotPasswordSchema, linkBodySchema, resetPasswordSchema } from '#domains/account/schema.ts';
import {
  invitationParamsSchema,
  inviteBodySchema,
  roleBodySchema,
  staffListQuerySchema,
  staffParamsSchema,
} from '#domains/staff/schema.ts';
import { msg } from '#lib/i18n/translate.ts';
import { noBody, parseInput } from '#platform/http/errors.ts';
import { perVisitor, type RateLimit } from '#platform/http/rate-limits.ts';
import { adminActor } from '#platform/http/require-admin.ts';
import { neverCached } from '#platform/http/security-headers.ts';

import type { StaffAccounts } from './service.server.ts';

/** /api/admin/staff: the accounts page (administrators only, like every /api/admin route that does not say STAFF_MAY). */
export function staffAdminRoutes(staff: StaffAccounts, siteUrl: string) {
  return async function routes(app: FastifyInstance): Promise<void> {
    neverCached(app);

    app.get('/admin/staff', async (request) => staff.list(parseInput(staffListQuerySchema, request.query, 'query')));

    app.post('/admin/staff', async (request, reply) => {
      const body = parseInput(inviteBodySchema, request.body, 'invitation');
      const invitation = await staff.invite(body, await adminActor(request), siteUrl);
      return reply.status(201).send(invitation);
    });

    app.get('/admin/staff/invitations', async (request) =>
      staff.invitations(parseInput(staffListQuerySchema, request.query, 'query')),
    );

    app.post<{ Params: { id: string } }>('/admin/staff/invitations/:id/resend', async (request) => {
      const { id } = parseInput(invitationParamsSchema, request.params, 'invitation id');
      parseInput(noBody, request.body, 'request');
      return staff.resendInvitation(id, await adminActor(request), siteUrl);
    });

    app.delete<{ Params: { id: string } }>('/admin/staff/invitations/:id', async (request) => {
      const { id } = parseInput(invitationParamsSchema, request.params, 'invitation id');
      await staff.revokeInvitation(id, await adminActor(request));
      return { id, revoked: true };
    });

    app.get<{ Params: { id: string } }>('/admin/staff/:id', async (request) => {
      const { id } = parseInput(staffParamsSchema, request.params, 'account id');
      return staff.get(id);
    });

    app.patch<{ Params: { id: string } }>('/admin/staff/:id', async (request) => {
      const { id } = parseInput(staffParamsSchema, request.params, 'account id');
      const { role } = parseInput(roleBodySchema, request.body, 'change');
      return staff.setRole(id, role, await adminActor(request), requestFacts(request));
    });

    app.post<{ Params: { id: string } }>('/admin/staff/:id/sign-out', async (request) => {
      const { id } = parseInput(staffParamsSchema, request.params, 'account id');
      parseInput(noBody, request.body, 'request');
      return staff.signOutEverywhere(id, await adminActor(request), requestFacts(request));
    });

    app.post<{ Params: { id: string } }>('/admin/staff/:id/reset-2fa', async (request) => {
      const { id } = parseInput(staffParamsSchema, request.params, 'account id');
      parseInput(noBody, request.body, 'request');
      return staff.resetTwoFactor(id, await adminActor(request), requestFacts(request));
    });

    app.post<{ Params: { id: string } }>('/admin/staff/:id/reset-password', async (request) => {
      const { id } = parseInput(staffParamsSchema, request.params, 'account id');
      parseInput(noBody, request.body, 'request');
      return staff.resetPassword(id, await adminActor(request), requestFacts(request), siteUrl);
    });

    app.delete<{ Params: { id: string } }>('/admin/staff/:id', async (request) => {
      const { id } = parseInput(staffParamsSchema, request.params, 'account id');
      await staff.remove(id, await adminActor(request), requestFacts(request));
      return { id, removed: true };
    });
  };
}

/**
 * What a customer's request for a reset link answers, whether or not an account uses the address; the forgot-password
 * page shows it in its language (marked for the catalogue, lib/i18n).
 */
export const FORGOT_PASSWORD_SENT = msg(
  'If a customer account uses this address, we have e-mailed it a link to choose a new password. The link works for 24 hours.',
);

/**
 * The account holder's side of the e-mailed links: what a link is for, then accepting an invitation or a new password;
 * and a customer's request for a reset link, limited per visitor (the route's allowance) and per e-mail address
 * (`perEmail`), so that nobody fills a mailbox with links.
 */
export function accountLinkRoutes(
  staff: StaffAccounts,
  limit: RateLimit,
  forgot: { perVisitor: RateLimit; perEmail: (email: string) => Promise<void>; siteUrl: string },
) {
  return async function routes(app: FastifyInstance): Promise<void> {
    const limited = { config: { rateLimit: limit } };
    neverCached(app);

    app.post('/auth/invitation', limited, async (request) => {
      const { token } = parseInput(linkBodySchema, request.body, 'link');
      return staff.preview('invite', token);
    });

    app.post('/auth/accept-invite', limited, async (request, reply) => {
      const input = parseInput(acceptInviteSchema, request.body, 'invitation');
      const { user, token, expiresAt } = await staff.acceptInvite(input, await request.visitorSession(), requestFacts(request));
      request.setSessionCookie(reply, token, expiresAt);
      return reply.status(201).send({ user });
    });

    app.post('/auth/forgot-password', { config: { rateLimit: perVisitor(forgot.perVisitor) } }, async (request, reply) => {
      const input = parseInput(forgotPasswordSchema, request.body, 'request');
      await forgot.perEmail(input.email.toLowerCase());
      await staff.requestPasswordReset(input, forgot.siteUrl);
      return reply.status(202).send({ message: FORGOT_PASSWORD_SENT });
    });

    app.post('/auth/password-reset', limited, async (request) => {
      const { token } = parseInput(linkBodySchema, request.body, 'link');
      return staff.preview('password-reset', token);
    });

    app.post('/auth/reset-password', limited, async (request) => {
      const input = parseInput(resetPasswordSchema, request.body, 'password');
      const { username } = await staff.finishPasswordReset(input, requestFacts(request));
      return { username, message: 'Your new password is set. Log in with it now.' };
    });
  };
}
