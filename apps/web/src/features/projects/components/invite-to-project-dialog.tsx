import type { PublicUser } from '@devmarket/contract';

export type InviteToProjectDialogProps = { open: boolean; onClose: () => void; developer: PublicUser };

/** 'Invite to Project' dialog of the developer profile (projects issue). */
export function InviteToProjectDialog(_props: InviteToProjectDialogProps) {
  return null;
}
