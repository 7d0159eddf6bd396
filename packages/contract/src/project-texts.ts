/**
 * Free of zod, like constants.ts but apart from it: the workspace's invite answer needs these
 * texts and the first load does not (issue 33). projects.ts uses them in its schemas; the index
 * exports them.
 */
export const APPLICATION_MESSAGE_MAX = 400;

/** Texts of the projects domain (spec §2, §8; DESIGN §5). */
export const PROJECT_MSG = {
  publicTooltip: 'Public projects are visible to everyone',
  /** DESIGN §5: the limit is 400 and the error text says so. */
  applicationTooLong: `Message must be less than ${APPLICATION_MESSAGE_MAX} characters`,
  alreadyApplied: 'You have already applied to this project',
  applied: 'Applied to project',
  invited: 'Invited to project',
  inviteAccepted: 'Invite Accepted',
  inviteAcceptedText: 'You have been added to the project.',
  userAdded: 'User added to team',
  applicationIgnored: 'Application ignored',
  inviteRemoved: 'Invite removed',
  userRemoved: 'User removed from team',
  escrowBlocksDelete: (identifiers: string[]) =>
    `${identifiers.join(', ')} ${identifiers.length === 1 ? 'holds' : 'hold'} escrowed funds. Complete or unassign ${identifiers.length === 1 ? 'it' : 'them'} before deleting this project.`,
  /** DESIGN §8 team removal: the member still works on these tasks. */
  assigneeBlocksRemoval: (identifiers: string[]) =>
    `This user is assigned to ${identifiers.join(', ')}. Unassign ${identifiers.length === 1 ? 'it' : 'them'} before removing them from the team.`,
  noInvites: 'No Invites Yet',
  noApplicants: 'No Applicants Found',
} as const;
