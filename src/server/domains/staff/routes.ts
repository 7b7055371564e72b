import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParamsSchema } from '#shared/admin.ts';
import { ErrorBodySchema } from '#shared/errors.ts';
import { SetPasswordBodySchema, StaffInviteBodySchema, StaffRoleBodySchema } from '#shared/staff.ts';
import { PasswordSetSchema, StaffInvitedSchema, StaffListSchema, StaffMemberSchema } from '#shared/staff-response-schemas.ts';
import { SuccessSchema } from '#shared/response-schemas.ts';
import type { FastifyRequest } from 'fastify';
import { json } from '../../lib/answers.ts';
import { checkOrigin } from '../admin-auth/service.ts';
import type { Actor } from './service.ts';

const tags = ['Staff'];
/** These writes record themselves in their own transaction (service.ts). */
const config = { permission: 'staff.manage', auditedInService: true } as const;
const actorOf = (req: FastifyRequest): Actor => ({
  userId: req.admin?.userId ?? 0,
  username: req.admin?.username ?? 'unknown',
  network: req.network,
});

/** The owner's Staff tab (docs/decisions/0057); registered behind requireAdmin, owner only. */
export const adminStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  const staff = app.services.staff;
  app.get(
    '/api/admin/staff',
    {
      config: { permission: 'staff.manage' },
      schema: {
        tags,
        operationId: 'listStaff',
        summary: 'List the staff',
        response: { 200: json('Every admin with its role; `active` is false until the member set a password.', StaffListSchema) },
      },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return staff.list();
    },
  );
  app.post(
    '/api/admin/staff',
    {
      config,
      schema: {
        tags,
        operationId: 'inviteStaff',
        summary: 'Invite a member of staff',
        description:
          'Creates the account without a password and answers the one-time link (valid 24 hours) to the dashboard’s set-password page; the member cannot sign in before. 409 when the username is taken.',
        body: StaffInviteBodySchema,
        response: { 200: json('The new member and its link (shown once).', StaffInvitedSchema), 409: ErrorBodySchema },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return staff.invite(actorOf(req), req.body.username, req.body.role);
    },
  );
  app.put(
    '/api/admin/staff/:id',
    {
      config,
      schema: {
        tags,
        operationId: 'changeStaffRole',
        summary: 'Change a member’s role',
        description:
          'Ends the member’s sessions and trusted devices: it signs in again under its new role. 409 for the last owner.',
        params: IdParamsSchema,
        body: StaffRoleBodySchema,
        response: { 200: json('The member with its role.', StaffMemberSchema), 404: ErrorBodySchema, 409: ErrorBodySchema },
      },
    },
    async (req) => staff.changeRole(actorOf(req), req.params.id, req.body.role),
  );
  app.delete(
    '/api/admin/staff/:id',
    {
      config,
      schema: {
        tags,
        operationId: 'removeStaff',
        summary: 'Remove a member',
        description:
          'Ends its sessions and trusted devices at once; its activity stays in the log under its name. 409 for the last owner.',
        params: IdParamsSchema,
        response: { 200: json('Removed.', SuccessSchema), 404: ErrorBodySchema, 409: ErrorBodySchema },
      },
    },
    async (req) => {
      await staff.remove(actorOf(req), req.params.id);
      return { success: true as const };
    },
  );
};

/** POST /api/admin/set-password: public, the link's token is the key (docs/decisions/0057). */
export const setPasswordRoutes: FastifyPluginAsyncZod = async (app) => {
  const staff = app.services.staff;
  app.post(
    '/api/admin/set-password',
    {
      schema: {
        tags,
        operationId: 'setStaffPassword',
        summary: 'Set a password from an invitation link',
        description:
          'With the `token` of the link POST /api/admin/staff answered: once, within 24 hours; then the member signs in. 400 for a link that is forged, expired or used, or a password the rules refuse (at least 10 characters); 429 past 10 attempts per 15 minutes from one network. Needs an `Origin` equal to the store’s.',
        body: SetPasswordBodySchema,
        response: {
          200: json('The password is set; the username to sign in with.', PasswordSetSchema),
          400: ErrorBodySchema,
          403: ErrorBodySchema,
          429: ErrorBodySchema,
        },
      },
    },
    async (req) => {
      checkOrigin(app.config, req);
      const { username } = await staff.setPassword(req.body.token, req.body.password, req.network);
      return { success: true as const, username };
    },
  );
};
