import { z } from 'zod';
import { type AdminMe, LABEL_PROVIDERS } from './admin.ts';
import { type AdminAccessInfo, PERMISSIONS, ROLES } from './staff.ts';

/** The owner's sign-in answers (docs/decisions/0023). */

const labelProvider = z
  .enum(LABEL_PROVIDERS)
  .describe(
    'Who sells the labels: `easypost` prices rates to choose from (POST /api/orders/{id}/rates); `builtin` makes one label at a fixed cost',
  );

export const AdminMeSchema = z
  .object({
    username: z.string(),
    labelProvider,
    role: z.enum(ROLES).describe('The admin’s role (docs/decisions/0057)'),
    permissions: z.array(z.enum(PERMISSIONS)).describe('What the role may do; the dashboard shows only these'),
  })
  .meta({ id: 'AdminMe' }) satisfies z.ZodType<AdminMe & AdminAccessInfo>;

export const SignedInSchema = z
  .object({ success: z.literal(true), username: z.string(), labelProvider })
  .meta({ id: 'SignedIn' }) satisfies z.ZodType<AdminMe & { success: true }>;
