import { PROJECT_SEARCH_LIMIT, PROJECTS_PAGE_SIZE, pageCount, type ProjectSort } from '@devmarket/contract';
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { idArray, statement, statementRows } from '../../db/raw';
import { queryRows } from '../../db/rows';
import {
  applications,
  invites,
  type ProjectRow,
  projectColumns,
  projectMembers,
  projects,
  tasks,
  users,
} from '../../db/schema/index';

export type { ProjectRow } from '../../db/schema/index';

/** A listing card's open budget and applicants, for a page of projects (one array parameter). */
export const LISTING_FIGURES = statement(
  'projects_listing_figures',
  `select p.id,
      (select coalesce(sum(t.price), 0) from tasks t
        where t.project_id = p.id and t.stage = 'Unassigned' and t.price is not null)::text as budget,
      (select count(*)::int from applications a where a.project_id = p.id) as applicants
    from projects p where p.id = any($1::uuid[])`,
);

export type ListKind = 'featured' | 'public' | 'verified';

/** How many of the newest public projects a search looks through before reading all its matches. */
const SEARCH_WINDOW = 2000;

/** How many pages past the requested one the page count looks ahead. */
const PAGES_AHEAD = 20;

/** The tag filter on the lower-cased keys (projects_tag_keys_idx): tags compare without case (DESIGN §19). */
function hasTags(tags: string[]): SQL | undefined {
  if (tags.length === 0) return undefined;
  return sql`${projects.tagKeys} @> array[${sql.join(
    tags.map((t) => sql`${t.toLowerCase()}`),
    sql`, `,
  )}]::text[]`;
}

/** "acme sho" → 'acme:* & sho:*' (prefix match on every word), or null when nothing is searchable. */
export function toPrefixTsQuery(query: string): string | null {
  const words = (query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8);
  return words.length ? words.map((w) => `${w}:*`).join(' & ') : null;
}

/** Sum of the prices of a project's open (unassigned) priced tasks, in micro-USDT. */
const openBudget = sql`(select coalesce(sum(bt.price), 0) from tasks bt
  where bt.project_id = ${projects.id} and bt.stage = 'Unassigned' and bt.price is not null)`;

function sortOrder(sort: ProjectSort): SQL[] {
  return sort === 'budget'
    ? [sql`${openBudget} desc`, desc(projects.createdAt), desc(projects.id)]
    : [desc(projects.createdAt), desc(projects.id)];
}

function listQueries(exec: Executor, kind: ListKind, tags: string[], sort?: ProjectSort) {
  const where = and(
    eq(projects.visibility, 'Public'),
    kind === 'featured' ? isNotNull(projects.featuredAt) : undefined,
    kind === 'verified' ? isNotNull(projects.verifiedAt) : undefined,
    hasTags(tags),
  );
  const order = sort
    ? sortOrder(sort)
    : kind === 'featured'
      ? [desc(projects.featuredAt), desc(projects.id)]
      : kind === 'verified'
        ? [desc(projects.verifiedAt), desc(projects.id)]
        : [desc(projects.createdAt), desc(projects.id)];
  const capped = exec.select({ one: sql`1` }).from(projects).where(where).limit(sql.placeholder('cap')).as('capped');
  return {
    rows: exec
      .select(projectColumns)
      .from(projects)
      .where(where)
      .orderBy(...order)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset')),
    count: exec.select({ total: count() }).from(capped),
  };
}

/** A search's words matched (`tsq`: a tsquery's text), with its tags. */
function searchMatch(tsq: SQL | ReturnType<typeof sql.placeholder>, tags: string[]): SQL {
  return and(sql`${projects.search} @@ to_tsquery('english', ${tsq})`, hasTags(tags)) as SQL;
}

/** The matches among the newest SEARCH_WINDOW public projects, for words alone ($1: the tsquery). */
const SEARCH_WINDOWED = statement(
  'projects_search_windowed',
  `select id from (
      select id, created_at, search from projects where visibility = 'Public'
      order by created_at desc, id desc limit ${SEARCH_WINDOW}
    ) as projects where search @@ to_tsquery('english', $1)`,
);

/**
 * A search's answer, best match first (or by `sort`), cut to PROJECT_SEARCH_LIMIT: among the
 * candidates of the window (`ids`, an id array), or among all matches of the words (`tsq`).
 * `= any(array(…))`: the few matches are looked up by primary key, never hashed against a scan.
 */
function searchQueries(exec: Executor, tags: string[], sort?: ProjectSort) {
  const tsq = sql.placeholder('tsq');
  const order = sort
    ? sortOrder(sort)
    : [
        sql`ts_rank(${projects.search}, to_tsquery('english', ${tsq})) desc`,
        desc(projects.createdAt),
        desc(projects.id),
      ];
  const pick = (where: SQL) =>
    exec
      .select(projectColumns)
      .from(projects)
      .where(where)
      .orderBy(...order)
      .limit(PROJECT_SEARCH_LIMIT);
  const publicOnly = eq(projects.visibility, 'Public');
  return {
    byIds: pick(sql`${projects.id} = any(${sql.placeholder('ids')}::uuid[])`),
    byMatch: pick(
      sql`${projects.id} = any(array(select id from ${projects} where ${publicOnly} and ${searchMatch(tsq, tags)}))`,
    ),
  };
}

const preparedSearch = new WeakMap<Executor, ReturnType<typeof prepareSearch>>();

function prepareSearch(exec: Executor) {
  const q = searchQueries(exec, []);
  return { byIds: q.byIds.prepare('projects_search_by_ids'), byMatch: q.byMatch.prepare('projects_search_by_match') };
}

function preparedSearchQueries(exec: Executor) {
  let q = preparedSearch.get(exec);
  if (!q) {
    q = prepareSearch(exec);
    preparedSearch.set(exec, q);
  }
  return q;
}

const prepared = new WeakMap<Executor, Map<ListKind, ReturnType<typeof prepareList>>>();

function prepareList(exec: Executor, kind: ListKind) {
  const q = listQueries(exec, kind, []);
  return { rows: q.rows.prepare(`projects_list_${kind}`), count: q.count.prepare(`projects_count_${kind}`) };
}

function preparedListQueries(exec: Executor, kind: ListKind) {
  let byKind = prepared.get(exec);
  if (!byKind) {
    byKind = new Map();
    prepared.set(exec, byKind);
  }
  let q = byKind.get(kind);
  if (!q) {
    q = prepareList(exec, kind);
    byKind.set(kind, q);
  }
  return q;
}

export const projectsRepo = {
  async findByIds(exec: Executor, ids: string[]): Promise<ProjectRow[]> {
    if (ids.length === 0) return [];
    return exec
      .select(projectColumns)
      .from(projects)
      .where(sql`${projects.id} = any(${idArray(ids)}::uuid[])`);
  },

  async findById(exec: Executor, id: string) {
    const [row] = await exec.select(projectColumns).from(projects).where(eq(projects.id, id));
    return row;
  },

  async findByHandle(exec: Executor, handle: string) {
    const [row] = await exec.select(projectColumns).from(projects).where(eq(projects.handle, handle.toLowerCase()));
    return row;
  },

  async memberRole(exec: Executor, projectId: string, userId: string) {
    const [row] = await exec
      .select({ role: projectMembers.role })
      .from(projectMembers)
      .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)));
    return row?.role ?? null;
  },

  async hasPendingInvite(exec: Executor, projectId: string, userId: string) {
    const [row] = await exec
      .select({ id: invites.id })
      .from(invites)
      .where(and(eq(invites.projectId, projectId), eq(invites.userId, userId), isNull(invites.acceptedAt)));
    return Boolean(row);
  },

  async hasApplied(exec: Executor, projectId: string, userId: string) {
    const [row] = await exec
      .select({ id: applications.id })
      .from(applications)
      .where(and(eq(applications.projectId, projectId), eq(applications.userId, userId)));
    return Boolean(row);
  },

  /** Members with their users, the owner first. */
  async members(exec: Executor, projectId: string) {
    return exec
      .select({ role: projectMembers.role, user: users })
      .from(projectMembers)
      .innerJoin(users, eq(users.id, projectMembers.userId))
      .where(eq(projectMembers.projectId, projectId))
      .orderBy(sql`${projectMembers.role} = 'Owner' desc`, asc(projectMembers.createdAt));
  },

  /** Projects the user belongs to (owner or member), newest first. */
  async forMember(exec: Executor, userId: string) {
    const rows = await exec
      .select({ project: projects })
      .from(projectMembers)
      .innerJoin(projects, eq(projects.id, projectMembers.projectId))
      .where(eq(projectMembers.userId, userId))
      .orderBy(desc(projects.createdAt));
    return rows.map((r) => r.project);
  },

  /** Of `projectIds`, those `userId` is a member of ('member') or has a pending invite to ('invited'). */
  async candidateRelations(exec: Executor, projectIds: string[], userId: string) {
    const out = new Map<string, 'member' | 'invited'>();
    const pending = await exec
      .select({ projectId: invites.projectId })
      .from(invites)
      .where(and(inArray(invites.projectId, projectIds), eq(invites.userId, userId), isNull(invites.acceptedAt)));
    for (const r of pending) out.set(r.projectId, 'invited');
    const members = await exec
      .select({ projectId: projectMembers.projectId })
      .from(projectMembers)
      .where(and(inArray(projectMembers.projectId, projectIds), eq(projectMembers.userId, userId)));
    for (const r of members) out.set(r.projectId, 'member');
    return out;
  },

  async ownedBy(exec: Executor, userId: string) {
    return exec
      .select(projectColumns)
      .from(projects)
      .where(eq(projects.ownerId, userId))
      .orderBy(desc(projects.createdAt));
  },

  /**
   * One page of a public listing. Each kind walks its own index in order (featured_at,
   * verified_at, (visibility, created_at)); the tag filter uses projects_tags_idx.
   *
   * Counting every public project would read them all; count at most PAGES_AHEAD pages past
   * this one instead. `pages` is then exact near the end and a lower bound before it, which is
   * all Load More needs: each page answers with a fresh count.
   */
  async listPage(exec: Executor, kind: ListKind, page: number, tags: string[], sort?: ProjectSort) {
    const params = {
      limit: PROJECTS_PAGE_SIZE,
      offset: (page - 1) * PROJECTS_PAGE_SIZE,
      cap: (page + PAGES_AHEAD) * PROJECTS_PAGE_SIZE,
    };
    // The untagged listings are most of the traffic: their statements are built once per
    // database and prepared by name (docs/performance.md); a tag filter builds its own.
    const query = tags.length || sort ? listQueries(exec, kind, tags, sort) : preparedListQueries(exec, kind);
    const [rows, [{ total }]] = await Promise.all([query.rows.execute(params), query.count.execute(params)]);
    return { rows, pages: pageCount(total, PROJECTS_PAGE_SIZE) };
  },

  /**
   * Full-text search over name, company, description and tags (the generated `search` column, GIN),
   * best match first (or by `sort`), at most PROJECT_SEARCH_LIMIT.
   *
   * Ranking every match of a broad word (one in eight projects says "payments") costs more than
   * the answer is worth, and PostgreSQL cannot estimate prefix matches to choose well by itself
   * (docs/performance.md "Search speed"). So the candidates are the matches among the newest
   * SEARCH_WINDOW public projects (walked along projects_public_idx); only when those are fewer
   * than a page does the search read all its matches through the GIN index, which is cheap then
   * because there are few. The candidates are then ranked (or sorted) and cut to the limit.
   */
  async search(exec: Executor, query: string, tags: string[], sort?: ProjectSort) {
    const tsq = toPrefixTsQuery(query);
    if (!tsq) {
      return exec
        .select(projectColumns)
        .from(projects)
        .where(and(eq(projects.visibility, 'Public'), hasTags(tags)))
        .orderBy(...(sort ? sortOrder(sort) : [desc(projects.createdAt), desc(projects.id)]))
        .limit(PROJECT_SEARCH_LIMIT);
    }
    // Words alone (most searches): statements built once per database and prepared by name, as
    // the untagged listings are (docs/performance.md); tags or an order build their own.
    const plain = !tags.length && !sort;
    const q = plain ? preparedSearchQueries(exec) : searchQueries(exec, tags, sort);
    const windowed = plain
      ? await statementRows<{ id: string }>(exec, SEARCH_WINDOWED, [tsq])
      : await queryRows<{ id: string }>(
          exec,
          sql`select id from (
                select id, created_at, search, tag_keys from ${projects} where ${eq(projects.visibility, 'Public')}
                order by created_at desc, id desc limit ${SEARCH_WINDOW}
              ) as projects where ${searchMatch(sql`${tsq}`, tags)}`,
        );
    if (windowed.length >= PROJECT_SEARCH_LIMIT) {
      return q.byIds.execute({ tsq, ids: idArray(windowed.map((r) => r.id)) });
    }
    return q.byMatch.execute({ tsq });
  },

  async handlesTaken(exec: Executor, candidates: string[]) {
    const rows = await exec
      .select({ handle: projects.handle })
      .from(projects)
      .where(inArray(projects.handle, candidates));
    return new Set(rows.map((r) => r.handle));
  },

  async keysTaken(exec: Executor, candidates: string[]) {
    const rows = await exec.select({ key: projects.key }).from(projects).where(inArray(projects.key, candidates));
    return new Set(rows.map((r) => r.key));
  },

  /** What a card shows beyond the project row: open budget and applicants, per project id. */
  async listingFigures(exec: Executor, projectIds: string[]) {
    const out = new Map<string, { budget: bigint; applicants: number }>();
    if (!projectIds.length) return out;
    const rows = await statementRows<{ id: string; budget: string; applicants: number }>(exec, LISTING_FIGURES, [
      idArray(projectIds),
    ]);
    for (const r of rows) out.set(r.id, { budget: BigInt(r.budget), applicants: r.applicants });
    return out;
  },

  /**
   * The details page's figures: completed tasks and what they paid; open (unassigned) tasks and the
   * sum of their prices, the budget a listing card shows (LISTING_FIGURES counts it the same way).
   */
  async totals(exec: Executor, projectId: string) {
    const [row] = await exec
      .select({
        completed: sql<number>`(count(*) filter (where ${tasks.stage} = 'Complete'))::int`,
        spent: sql<string>`coalesce(sum(${tasks.price}) filter (where ${tasks.stage} = 'Complete'), 0)::text`,
        open: sql<number>`(count(*) filter (where ${tasks.stage} = 'Unassigned'))::int`,
        budget: sql<string>`coalesce(sum(${tasks.price}) filter (where ${tasks.stage} = 'Unassigned'), 0)::text`,
      })
      .from(tasks)
      .where(eq(tasks.projectId, projectId));
    return {
      completed: Number(row?.completed ?? 0),
      spent: BigInt(row?.spent ?? '0'),
      open: Number(row?.open ?? 0),
      budget: BigInt(row?.budget ?? '0'),
    };
  },
  /** A new project with its owner as the first member (run inside the caller's transaction). */
  async insertWithOwner(tx: Executor, values: typeof projects.$inferInsert) {
    const [row] = await tx.insert(projects).values(values).returning();
    await tx.insert(projectMembers).values({ projectId: row.id, userId: values.ownerId, role: 'Owner' });
    return row;
  },

  async update(exec: Executor, id: string, patch: Partial<typeof projects.$inferInsert>) {
    const [row] = await exec.update(projects).set(patch).where(eq(projects.id, id)).returning();
    return row as ProjectRow | undefined;
  },

  /** Locks the project's row until the transaction ends (no task gets assigned meanwhile). */
  async lock(tx: Executor, id: string) {
    await tx.execute(sql`select id from ${projects} where ${projects.id} = ${id} for update`);
  },

  async delete(exec: Executor, id: string) {
    await exec.delete(projects).where(eq(projects.id, id));
  },

  /** Adds a user to the team as Admin; a user already on it keeps their role. */
  async addAdmin(exec: Executor, projectId: string, userId: string) {
    await exec.insert(projectMembers).values({ projectId, userId, role: 'Admin' }).onConflictDoNothing();
  },

  async removeMember(exec: Executor, projectId: string, userId: string) {
    await exec
      .delete(projectMembers)
      .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)));
  },

  /** The staff console's list: every project, newest first, optionally matching name, handle or company. */
  async adminPage(exec: Executor, page: number, query?: string) {
    const q = query?.replace(/[\\%_]/g, (c) => `\\${c}`);
    const where = q
      ? or(ilike(projects.name, `%${q}%`), ilike(projects.handle, `%${q}%`), ilike(projects.company, `%${q}%`))
      : undefined;
    const [rows, [{ total }]] = await Promise.all([
      exec
        .select()
        .from(projects)
        .where(where)
        .orderBy(desc(projects.createdAt), desc(projects.id))
        .limit(PROJECTS_PAGE_SIZE)
        .offset((page - 1) * PROJECTS_PAGE_SIZE),
      exec.select({ total: count() }).from(projects).where(where),
    ]);
    return { rows, pages: pageCount(total, PROJECTS_PAGE_SIZE) };
  },
};
