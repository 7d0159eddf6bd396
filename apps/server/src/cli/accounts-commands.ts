import { emailSchema } from '@devmarket/contract';
import { sql } from 'drizzle-orm';
import { users } from '../db/schema/index';
import { usersRepo } from '../modules/users';
import { CliError, type CliCommand, requireArg } from './types';

/** CLI commands of the accounts domain. */
export const accountsCommands: Record<string, CliCommand> = {
  'approve-developer': {
    description: 'Approve a developer account after review: --email E',
    options: { email: { type: 'string' } },
    run: async ({ database, args }) => {
      const email = emailSchema.safeParse(requireArg(args, 'email'));
      if (!email.success) throw new CliError('--email is not a valid e-mail address');
      const [u] = await database.db
        .select({ id: users.id, type: users.type, emailVerifiedAt: users.emailVerifiedAt })
        .from(users)
        .where(sql`lower(${users.email}) = ${email.data}`);
      if (!u) throw new CliError(`No account with the e-mail ${email.data}`);
      if (u.type !== 'Developer') throw new CliError(`${email.data} is a client account; only developers are reviewed`);
      // DESIGN §19: the CLI records the three checks with the note "CLI".
      await database.db.transaction((tx) =>
        usersRepo.recordApproval(tx, {
          userId: u.id,
          approvedBy: null,
          checks: { identity: true, skills: true, experience: true },
          note: 'CLI',
          at: new Date(),
        }),
      );
      console.log(
        `Developer approved: ${email.data} (${u.id})${u.emailVerifiedAt ? '' : ' — the e-mail is not verified yet'}`,
      );
    },
  },
};
