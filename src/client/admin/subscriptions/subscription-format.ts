import type { AdminSubscription } from '#shared/subscriptions-admin.ts';
import type { StatusTone } from '../lib/status-badge.tsx';

/** How the Subscriptions tab writes a subscription's state, dates and interval. */
export const TONE: Record<AdminSubscription['status'], StatusTone> = { active: 'good', paused: 'waiting', cancelled: 'idle' };
export const DATE = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
export const every = (weeks: number) => (weeks === 1 ? 'every week' : `every ${weeks} weeks`);
