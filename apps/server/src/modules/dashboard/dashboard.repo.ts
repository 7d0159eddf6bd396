import type { MyApplication } from '@devmarket/contract';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { isoTimestamp, queryRows } from '../../db/rows';

/** The queries behind "my work": each section of a dashboard is one query. */

const LIST_MAX = 50;
const STATUS = { pending: 'Pending', added: 'Added', ignored: 'Ignored' } as const;

export const dashboardRepo = {
  async myApplications(exec: Executor, userId: string): Promise<MyApplication[]> {
    const rows = await queryRows<{
      id: string;
      projectID: string;
      name: string;
      handle: string;
      message: string;
      status: keyof typeof STATUS;
      createdAt: string;
    }>(
      exec,
      sql`select a.id, a.project_id as "projectID", p.name, p.handle, a.message, a.status,
                 ${isoTimestamp(sql`a.created_at`)} as "createdAt"
          from applications a join projects p on p.id = a.project_id
          where a.user_id = ${userId}
          order by a.created_at desc, a.id desc
          limit ${LIST_MAX}`,
    );
    return rows.map((r) => ({
      id: r.id,
      projectID: r.projectID,
      project: { name: r.name, handle: r.handle },
      message: r.message,
      status: STATUS[r.status],
      createdAt: r.createdAt,
    }));
  },

  /** Open tasks assigned to the user across projects, by due date (undated last). */
  async openTasks(exec: Executor, userId: string) {
    return queryRows<{
      id: string;
      identifier: string;
      summary: string;
      stage: 'Unassigned' | 'ToDo' | 'In Progress' | 'Review' | 'Complete';
      price: string | null;
      dueDate: string | null;
      projectId: string;
      projectName: string;
      projectHandle: string;
    }>(
      exec,
      sql`select t.id, t.identifier, t.summary, t.stage, t.price::text as price,
                 case when t.due_date is null then null else ${isoTimestamp(sql`t.due_date`)} end as "dueDate",
                 p.id as "projectId", p.name as "projectName", p.handle as "projectHandle"
          from tasks t join projects p on p.id = t.project_id
          where t.assignee_id = ${userId} and t.stage <> 'Complete'
          order by t.due_date asc nulls last, t.created_at asc
          limit ${LIST_MAX}`,
    );
  },

  async pendingInvites(exec: Executor, userId: string) {
    return queryRows<{
      projectId: string;
      projectName: string;
      projectHandle: string;
      invitedBy: string;
      createdAt: string;
    }>(
      exec,
      sql`select p.id as "projectId", p.name as "projectName", p.handle as "projectHandle",
                 trim(u.first_name || ' ' || u.last_name) as "invitedBy",
                 ${isoTimestamp(sql`i.created_at`)} as "createdAt"
          from invites i join projects p on p.id = i.project_id join users u on u.id = i.invited_by
          where i.user_id = ${userId} and i.accepted_at is null
          order by i.created_at desc
          limit ${LIST_MAX}`,
    );
  },

  /** Payments received since the start of this month (UTC), in micro-USDT. */
  async earningsThisMonth(exec: Executor, userId: string): Promise<bigint> {
    const rows = await queryRows<{ total: string | null }>(
      exec,
      sql`select sum(amount)::text as total from transactions
          where user_id = ${userId} and type = 'Payment-In' and status = 'Complete'
            and completed_at >= date_trunc('month', now() at time zone 'UTC') at time zone 'UTC'`,
    );
    return BigInt(rows[0]?.total ?? 0);
  },

  /** The owner's projects with applicants waiting, most waiting first. */
  async applicantsWaiting(exec: Executor, ownerId: string) {
    return queryRows<{ projectId: string; projectName: string; projectHandle: string; count: number }>(
      exec,
      sql`select p.id as "projectId", p.name as "projectName", p.handle as "projectHandle", count(*)::int as count
          from applications a join projects p on p.id = a.project_id
          where p.owner_id = ${ownerId} and a.status = 'pending'
          group by p.id
          order by count(*) desc, p.name
          limit ${LIST_MAX}`,
    );
  },

  /** Tasks in Review on the owner's projects, oldest change first. */
  async tasksInReview(exec: Executor, ownerId: string) {
    return queryRows<{
      id: string;
      identifier: string;
      summary: string;
      price: string | null;
      projectId: string;
      projectName: string;
      projectHandle: string;
      assignee: string | null;
      reviewDeadline: Date | string | null;
    }>(
      exec,
      sql`select t.id, t.identifier, t.summary, t.price::text as price, t.review_deadline as "reviewDeadline",
                 p.id as "projectId", p.name as "projectName", p.handle as "projectHandle",
                 trim(u.first_name || ' ' || u.last_name) as assignee
          from tasks t join projects p on p.id = t.project_id left join users u on u.id = t.assignee_id
          where p.owner_id = ${ownerId} and t.stage = 'Review'
          order by t.updated_at asc
          limit ${LIST_MAX}`,
    );
  },

  /** Open disputes over tasks of the owner's projects (DESIGN §10: the client sees them). */
  async openDisputes(exec: Executor, ownerId: string) {
    return queryRows<{
      id: string;
      taskId: string;
      identifier: string;
      summary: string;
      reason: string;
      createdAt: Date | string;
      projectId: string;
      projectName: string;
      projectHandle: string;
    }>(
      exec,
      sql`select d.id, t.id as "taskId", t.identifier, t.summary, d.reason, d.created_at as "createdAt",
                 p.id as "projectId", p.name as "projectName", p.handle as "projectHandle"
          from disputes d join tasks t on t.id = d.task_id join projects p on p.id = t.project_id
          where p.owner_id = ${ownerId} and d.status = 'Open'
          order by d.created_at desc
          limit ${LIST_MAX}`,
    );
  },

  async escrowHeld(exec: Executor, ownerId: string): Promise<bigint> {
    const rows = await queryRows<{ total: string | null }>(
      exec,
      sql`select sum(amount)::text as total from escrow_holds where owner_id = ${ownerId} and status = 'held'`,
    );
    return BigInt(rows[0]?.total ?? 0);
  },
};
