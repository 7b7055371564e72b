import { z } from 'zod';
import type { AuditEntry, AuditPage } from './audit.ts';
import { ROLES, type StaffInvited, type StaffMember } from './staff.ts';

/** The staff and activity answers (docs/decisions/0023, 0057). */

export const RoleSchema = z.enum(ROLES).describe('owner (everything), fulfilment or support');

export const StaffMemberSchema = z
  .object({
    id: z.number().int(),
    username: z.string(),
    role: RoleSchema,
    active: z.boolean().describe('false until the member sets a password from the link'),
    createdAt: z.string(),
  })
  .meta({ id: 'StaffMember' }) satisfies z.ZodType<StaffMember>;

export const StaffListSchema = z.array(StaffMemberSchema).meta({ id: 'StaffList' });

export const StaffInvitedSchema = z
  .object({
    id: z.number().int(),
    username: z.string(),
    role: RoleSchema,
    setPasswordUrl: z.string().describe('The one-time link (valid 24 hours) to give the member'),
  })
  .meta({ id: 'StaffInvited' }) satisfies z.ZodType<StaffInvited>;

export const AuditEntrySchema = z
  .object({
    id: z.number().int(),
    at: z.string(),
    actor: z.string(),
    network: z.string(),
    action: z.string(),
    targetType: z.string().nullable(),
    targetId: z.string().nullable(),
    summary: z.string(),
  })
  .meta({ id: 'AuditEntry' }) satisfies z.ZodType<AuditEntry>;

export const AuditPageSchema = z
  .object({ entries: z.array(AuditEntrySchema), next: z.number().int().nullable() })
  .meta({ id: 'AuditPage' }) satisfies z.ZodType<AuditPage>;

export const PasswordSetSchema = z
  .object({ success: z.literal(true), username: z.string().describe('The username to sign in with') })
  .meta({ id: 'PasswordSet' });
