import { sql } from 'drizzle-orm';
import { queryRows } from '../db/rows';
import { hashPassword } from '../lib/passwords';
import { CliError, type CliCommand } from './types';

export const SCALE_PASSWORD = 'scale-password-123';

/** The tags of the scale data: the spec's 12 and 12 of people's own (open tags, DESIGN §19). */
const TAGS_OF_SCALE = [
  ...['Vue', 'React', 'Node', 'Express', 'MongoDB', 'PostgreSQL', 'MySQL', 'Docker', 'Kubernetes', 'AWS', 'Azure'],
  ...['GCP', 'Python', 'Go', 'Rust', 'Solidity', 'TypeScript', 'GraphQL', 'Redis', 'Terraform', 'Django', 'C++'],
  ...['C#', 'Next.js'],
];
const POOL = TAGS_OF_SCALE.length;
const num = (n: number) => sql.raw(String(n));
const TAG_POOL = sql.raw(`(array[${TAGS_OF_SCALE.map((t) => `'${t}'`).join(',')}]::text[])`);

/**
 * `seed-scale --users N`: a large marketplace for benchmarks, generated inside the database with
 * generate_series (no round trip per row). Ids derive from md5 of a label so rows can reference
 * each other without lookups: user g is scale_uuid('u'||g), project k is scale_uuid('p'||k).
 * N users (a third clients, the rest approved developers), N/2 projects (4 in 5 public) with
 * 20 tasks each, N/10 threads with 100 messages each. scale_uuid sets the version and variant
 * bits of the md5 so the ids pass the API's uuid validation (a bare md5 is not an RFC 9562 uuid).
 */
export const scaleCommands: Record<string, CliCommand> = {
  'seed-scale': {
    description: 'Fill the database with a large marketplace for benchmarks: --users N (default 100000)',
    options: { users: { type: 'string' } },
    run: async ({ database, config, args }) => {
      const n = Number(args.users ?? 100_000);
      if (!Number.isInteger(n) || n < 30 || n > 10_000_000)
        throw new CliError('--users must be an integer from 30 to 10000000');
      const db = database.db;
      const existing = await queryRows<{ c: number }>(
        db,
        sql`select count(*)::int as c from users where email = 'scale1@example.com'`,
      );
      if (existing[0].c > 0) throw new CliError('Scale data is already present (scale1@example.com exists).');
      const hash = await hashPassword(SCALE_PASSWORD);
      const projects = Math.floor(n / 2);
      const clients = Math.floor(n / 3);
      const threadsCount = Math.floor(n / 10);
      // DESIGN §19: reviewed work is priced at least MIN_REPUTATION_PRICE (micro-USDT) so it counts.
      const floor = num(Number(config.minReputationPrice));
      const started = Date.now();
      const step = async (label: string, query: ReturnType<typeof sql>) => {
        const t = Date.now();
        await db.execute(query);
        console.log(`${label.padEnd(10)} ${((Date.now() - t) / 1000).toFixed(1)} s`);
      };

      await db.execute(
        sql`create or replace function scale_uuid(label text) returns uuid language sql immutable parallel safe
            as $$ select overlay(overlay(md5(label) placing '4' from 13) placing '8' from 17)::uuid $$`,
      );
      await step(
        'users',
        sql`insert into users (id, type, email, password_hash, first_name, last_name, tos, email_verified_at,
              review_status, verified_at, username, title, tags, about, cached_tasks_completed, location, timezone, created_at)
            select scale_uuid('u' || g)::uuid,
              case when g % 3 = 0 then 'Client' else 'Developer' end,
              'scale' || g || '@example.com', ${hash},
              (array['Ada','Linus','Grace','Alan','Margaret','Ken','Barbara','Dennis','Radia','Guido'])[1 + g % 10],
              (array['Lovelace','Torvalds','Hopper','Turing','Hamilton','Thompson','Liskov','Ritchie','Perlman','Rossum'])[1 + (g / 10) % 10] || ' ' || g,
              true, now(),
              case when g % 3 = 0 then 'none' else 'approved' end,
              case when g % 3 = 0 then null else now() end,
              case when g % 3 = 0 then null else 'scale-dev-' || g end,
              (array['Full-stack developer','Backend engineer','Frontend engineer','DevOps engineer','Data engineer'])[1 + g % 5],
              -- Open tags (DESIGN §19): two or three distinct tags of the spec's 12 and 12 of people's own.
              (select array_agg(distinct t) from unnest(array[
                ${TAG_POOL}[1 + g % ${num(POOL)}],
                ${TAG_POOL}[1 + (g % ${num(POOL)} + 1 + (g / ${num(POOL)}) % ${num(POOL - 1)}) % ${num(POOL)}],
                case when g % 2 = 0 then ${TAG_POOL}[1 + (g % ${num(POOL)} + ${num(POOL / 2)} + (g / 7) % 5) % ${num(POOL)}] end
              ]) t where t is not null),
              'Builds reliable software for startups and enterprises.',
              g % 40,
              (array['Karachi, Pakistan','Lisbon, Portugal','Lagos, Nigeria','Berlin, Germany','Austin, USA','Manila, Philippines','Krakow, Poland','Bangalore, India'])[1 + g % 8],
              (array['Asia/Karachi','Europe/Lisbon','Africa/Lagos','Europe/Berlin','America/Chicago','Asia/Manila','Europe/Warsaw','Asia/Kolkata'])[1 + g % 8],
              now() - (g || ' seconds')::interval
            from generate_series(1, ${n}) g`,
      );
      await step(
        'projects',
        sql`insert into projects (id, handle, key, name, company, description, short_description, tags, owner_id,
              visibility, verified_at, featured_at, task_seq, created_at)
            select scale_uuid('p' || k)::uuid, 'scale-project-' || k, 'S' || k,
              (array['Payments','Inventory','Booking','Analytics','Chat','Marketplace','CRM','Billing'])[1 + k % 8] || ' ' ||
              (array['platform','dashboard','app','service','portal'])[1 + (k / 8) % 5] || ' ' || k,
              (array['Acme','Globex','Initech','Umbrella','Hooli','Stark'])[1 + k % 6] || ' Inc',
              'We are building a ' || (array['React','Node','Vue','Kubernetes','PostgreSQL'])[1 + k % 5] || ' product and need help with features, tests and deployment.',
              'A product that needs help with features, tests and deployment.',
              array_to_string((select array_agg(distinct t) from unnest(array[
                ${TAG_POOL}[1 + k % ${num(POOL)}],
                ${TAG_POOL}[1 + (k % ${num(POOL)} + 1 + (k / ${num(POOL)}) % ${num(POOL - 1)}) % ${num(POOL)}],
                case when k % 3 = 0 then ${TAG_POOL}[1 + (k % ${num(POOL)} + ${num(POOL / 2)} + (k / 11) % 5) % ${num(POOL)}] end
              ]) t where t is not null), ','),
              scale_uuid('u' || (3 * (1 + k % ${clients})))::uuid,
              -- k % 11, not k % 5: the technology above cycles with k % 5, and every React project
              -- would be private.
              case when k % 11 < 2 then 'Private' else 'Public' end,
              case when k % 7 = 0 then now() end,
              case when k % 50 = 0 then now() end,
              20,
              now() - (k || ' seconds')::interval
            from generate_series(1, ${projects}) k`,
      );
      await step(
        'members',
        sql`insert into project_members (project_id, user_id, role)
            select id, owner_id, 'Owner' from projects where handle like 'scale-project-%'
            union all
            select scale_uuid('p' || k)::uuid, scale_uuid('u' || (3 * (k % ${clients}) + 1))::uuid, 'Admin'
            from generate_series(1, ${projects}) k`,
      );
      // Tasks 1 and 2 of each project are the reviewed work below: done by the project's developer
      // (3(k mod clients) + 1, an approved developer and a member) and priced at least the floor.
      await step(
        'tasks',
        sql`insert into tasks (project_id, number, identifier, summary, description, reporter_id, assignee_id, price,
              stage, position, due_date, completed_at)
            select scale_uuid('p' || k)::uuid, t, 'S' || k || '-' || t,
              (array['Add login','Fix checkout bug','Write API tests','Set up CI','Design dashboard','Optimise query'])[1 + t % 6] || ' #' || t,
              'Details of the task.',
              scale_uuid('u' || (3 * (1 + k % ${clients})))::uuid,
              case when t <= 2 then scale_uuid('u' || (3 * (k % ${clients}) + 1))::uuid end,
              case when t <= 2 then greatest(${floor}, (40 + (k * 7 + t * 13) % 460) * 1000000)::bigint
                when t % 3 = 0 then (t * 5000000)::bigint end,
              case when t <= 2 then 'Complete' else 'Unassigned' end, lpad(t::text, 4, '0'),
              now() + (t || ' days')::interval,
              case when t <= 2 then now() - ((k % 90 + t) || ' days')::interval end
            from generate_series(1, ${projects}) k cross join generate_series(1, 20) t`,
      );
      await step(
        'threads',
        sql`insert into threads (id, user1_id, user2_id, last_message, last_message_at)
            select scale_uuid('t' || i)::uuid,
              least(scale_uuid('u' || (3 * i))::uuid, scale_uuid('u' || (3 * i + 1))::uuid),
              greatest(scale_uuid('u' || (3 * i))::uuid, scale_uuid('u' || (3 * i + 1))::uuid),
              'Message 100', now()
            from generate_series(1, ${threadsCount}) i`,
      );
      await step(
        'messages',
        sql`insert into messages (thread_id, user_id, text, created_at)
            select scale_uuid('t' || i)::uuid,
              case when m % 2 = 0 then scale_uuid('u' || (3 * i))::uuid else scale_uuid('u' || (3 * i + 1))::uuid end,
              'Message ' || m, now() - ((100 - m) || ' minutes')::interval
            from generate_series(1, ${threadsCount}) i cross join generate_series(1, 100) m`,
      );
      // Reviews so ratings on cards cost what they would: developer 3i+1 is reviewed by the owner
      // of project i on its first two tasks (theirs, Complete and priced at least the floor, so
      // they count under DESIGN §19), and reviews that owner back on the first (shown).
      await step(
        'reviews',
        sql`insert into reviews (task_id, project_id, reviewer_id, reviewee_id, subject, rating, text, tags, visible_at)
            select t.id, t.project_id, p.owner_id, scale_uuid('u' || (3 * (k % ${clients}) + 1))::uuid, 'developer',
              3 + (k + t.number) % 3, 'Solid work, on time.', array[split_part(p.tags, ',', 1)], now() - interval '1 day'
            from generate_series(1, ${projects}) k
            join projects p on p.id = scale_uuid('p' || k)::uuid
            join tasks t on t.project_id = p.id and t.number <= 2
            union all
            select t.id, t.project_id, scale_uuid('u' || (3 * (k % ${clients}) + 1))::uuid, p.owner_id, 'client',
              4 + k % 2, 'Clear brief, paid promptly.', '{}', now() - interval '1 day'
            from generate_series(1, ${projects}) k
            join projects p on p.id = scale_uuid('p' || k)::uuid
            join tasks t on t.project_id = p.id and t.number = 1`,
      );
      await db.execute(sql`drop function scale_uuid(text)`);
      await step('analyze', sql`analyze`);
      console.log(
        `Seeded ${n} users, ${projects} projects, ${projects * 20} tasks, ${threadsCount * 100} messages in ${((Date.now() - started) / 1000).toFixed(1)} s. Password of every scale user: ${SCALE_PASSWORD}`,
      );
    },
  },
};
