import { timingSafeEqual } from 'node:crypto';
import type { Role, StaffInvited, StaffMember } from '#shared/staff.ts';
import type { Database, Tx } from '#db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import { throttle } from '../../lib/rate-buckets.ts';
import { type MemberRow, members } from '../admin-auth/service.ts';
import type { AuditService } from '../audit/service.ts';
import { createSetPasswordLinks, hashNonce, LINK_INVALID, LINK_USED } from './links.ts';
import * as repo from './repo.ts';

export type StaffService = ReturnType<typeof createStaffService>;

/** Who makes a change: the signed-in owner, and the network it comes from. */
export interface Actor {
  userId: number;
  username: string;
  network: string;
}

const LAST_OWNER = 'The store must always have an owner: make another member owner first.';
const SET_PASSWORD_PER_15_MIN = 10;

const view = (m: MemberRow): StaffMember => ({
  id: m.id,
  username: m.username,
  role: m.role,
  active: m.active,
  createdAt: m.createdAt.toISOString(),
});

/**
 * Staff and their roles (docs/decisions/0057): invitations by a one-time link, role changes and
 * removals that end the member's sessions at once, and always at least one owner, decided under
 * row locks so two owners demoting each other at once leave one. Each change and its activity-log
 * row commit together.
 */
export function createStaffService(db: Database, audit: AuditService, opts: { tokenSecret: Buffer; publicUrl: string }) {
  const links = createSetPasswordLinks(opts.tokenSecret, opts.publicUrl);
  const record = (tx: Tx, actor: Actor, action: string, target: number, summary: string) =>
    audit.recordIn(tx, {
      actorId: actor.userId,
      actor: actor.username,
      network: actor.network,
      action,
      targetType: 'staff',
      targetId: String(target),
      summary,
    });

  /** 409 when `member` is the last owner and is about to stop being one. */
  async function keepAnOwner(tx: Tx, member: MemberRow): Promise<void> {
    if (member.role !== 'owner') return;
    const owners = await members.lockOwners(tx);
    if (owners.filter((id) => id !== member.id).length === 0) throw new AppError('conflict', LAST_OWNER);
  }

  /**
   * The member, locked, after every owner's row (one lock order for every change); 404 when gone.
   * 403 when the actor stopped being an owner while its request waited for the locks.
   */
  async function lockTarget(tx: Tx, actor: Actor, id: number): Promise<MemberRow> {
    const owners = await members.lockOwners(tx);
    if (!owners.includes(actor.userId)) throw new AppError('forbidden', 'Your role changed: only an owner can manage staff');
    const member = await members.lockMember(tx, id);
    if (!member) throw notFound('Staff member');
    return member;
  }

  return {
    async list(): Promise<StaffMember[]> {
      return (await members.listMembers(db)).map(view);
    },

    async invite(actor: Actor, username: string, role: Role): Promise<StaffInvited> {
      return db.transaction(async (tx) => {
        const member = await members.insertInvited(tx, username, role);
        const link = links.issue(member.id);
        await repo.upsertInvite(tx, member.id, link.nonceHash, link.expiresAt);
        await record(tx, actor, 'inviteStaff', member.id, `${username} invited as ${role}`);
        return { id: member.id, username: member.username, role: member.role, setPasswordUrl: link.url };
      });
    },

    async changeRole(actor: Actor, id: number, role: Role): Promise<StaffMember> {
      return db.transaction(async (tx) => {
        const member = await lockTarget(tx, actor, id);
        if (member.role === role) return view(member);
        if (role !== 'owner') await keepAnOwner(tx, member);
        await members.setRole(tx, id, role);
        await record(tx, actor, 'changeStaffRole', id, `${member.username}: role ${member.role} → ${role}`);
        return view({ ...member, role });
      });
    },

    async remove(actor: Actor, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const member = await lockTarget(tx, actor, id);
        await keepAnOwner(tx, member);
        await members.deleteMember(tx, id);
        await record(tx, actor, 'removeStaff', id, `${member.username} (${member.role}) removed`);
      });
    },

    /**
     * The link's member sets a password: once, within 24 hours, within the per-address limit. A
     * password the rules refuse leaves the link usable.
     */
    async setPassword(token: string, password: string, network: string): Promise<{ username: string }> {
      await throttle(
        db,
        [`set-password:${network}`],
        SET_PASSWORD_PER_15_MIN,
        15 * 60_000,
        'Too many attempts to set a password.',
      );
      const { userId, nonce } = links.open(token);
      members.checkNewPassword(password);
      return db.transaction(async (tx) => {
        const member = await members.lockMember(tx, userId);
        if (!member) throw new AppError('bad_request', LINK_INVALID);
        const invite = await repo.lockInvite(tx, userId);
        const given = Buffer.from(hashNonce(nonce));
        if (!invite || !timingSafeEqual(Buffer.from(invite.nonceHash), given)) throw new AppError('bad_request', LINK_USED);
        await repo.deleteInvite(tx, userId);
        await members.setMemberPassword(tx, userId, password);
        await audit.recordIn(tx, {
          actorId: userId,
          actor: member.username,
          network,
          action: 'setStaffPassword',
          targetType: 'staff',
          targetId: String(userId),
          summary: `${member.username} set a password from the link`,
        });
        return { username: member.username };
      });
    },
  };
}
