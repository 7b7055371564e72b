import { z } from 'zod';
import { type AdminMe, LABEL_PROVIDERS } from './admin.ts';
import { type AdminAccessInfo, PERMISSIONS, ROLES } from './staff.ts';
import type { AdminEnrolment } from './two-factor.ts';

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
    mustEnrol: z
      .boolean()
      .describe(
        'The store requires a second factor and this admin has none: only the enrolment routes answer (docs/decisions/0056)',
      ),
    role: z.enum(ROLES).describe('The admin’s role (docs/decisions/0057)'),
    permissions: z.array(z.enum(PERMISSIONS)).describe('What the role may do; the dashboard shows only these'),
  })
  .meta({ id: 'AdminMe' }) satisfies z.ZodType<AdminMe & AdminEnrolment & AdminAccessInfo>;

export const SignedInSchema = z
  .object({ success: z.literal(true), username: z.string(), labelProvider })
  .meta({ id: 'SignedIn' }) satisfies z.ZodType<AdminMe & { success: true }>;
