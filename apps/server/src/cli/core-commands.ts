import { emailSchema, passwordSchema } from '@devmarket/contract';
import { eq, sql } from 'drizzle-orm';
import { CliError, type CliCommand, requireArg } from './types';
import { users } from '../db/schema/index';
import { hashPassword } from '../lib/passwords';

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
      const [existing] = await database.db
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = ${email.data}`);
      const [row] = existing
        ? await database.db
            .update(users)
            .set({ isStaff: true, passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
            .where(eq(users.id, existing.id))
            .returning({ id: users.id })
        : await database.db
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
      console.log(`Staff account ready: ${email.data} (${row.id})`);
    },
  },
};
