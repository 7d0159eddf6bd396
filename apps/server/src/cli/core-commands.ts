import { emailSchema, passwordSchema } from '@devmarket/contract';
import { eq, sql } from 'drizzle-orm';
import { CliError, type CliCommand, requireArg } from './types';
import { users } from '../db/schema/index';
import { hashPassword } from '../lib/passwords';
import { appendAudit } from '../modules/audit';
import { cliActor } from './types';

export const coreCommands: Record<string, CliCommand> = {
  migrate: {
    description: 'Apply database migrations (also done at every start)',
    run: async () => {
      console.log('Database is migrated.');
    },
  },
  'create-staff': {
    description: 'Create a staff account, or make an existing one staff: --email E --password P',
    options: { email: { type: 'string' }, password: { type: 'string' } },
    run: async ({ database, args }) => {
      const email = emailSchema.safeParse(requireArg(args, 'email'));
      if (!email.success) throw new CliError('--email is not a valid e-mail address');
      const password = passwordSchema.safeParse(requireArg(args, 'password'));
      if (!password.success) throw new CliError(`--password: ${password.error.issues[0].message}`);
      const passwordHash = await hashPassword(password.data);
      const row = await database.db.transaction(async (tx) => {
        const [existing] = await tx
          .select({ id: users.id })
          .from(users)
          .where(sql`lower(${users.email}) = ${email.data}`);
        const [row] = existing
          ? await tx
              .update(users)
              .set({ isStaff: true, passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
              .where(eq(users.id, existing.id))
              .returning({ id: users.id })
          : await tx
              .insert(users)
              .values({
                email: email.data,
                passwordHash,
                firstName: 'Staff',
                tos: true,
                isStaff: true,
                emailVerifiedAt: new Date(),
              })
              .returning({ id: users.id });
        // DESIGN §15: a staff account made at the command line is a staff act, recorded with it.
        await appendAudit(tx, {
          actor: cliActor(),
          action: 'staff.create',
          target: { type: 'user', id: row.id },
          detail: { email: email.data, existed: Boolean(existing) },
        });
        return row;
      });
      console.log(`Staff account ready: ${email.data} (${row.id})`);
    },
  },
};
