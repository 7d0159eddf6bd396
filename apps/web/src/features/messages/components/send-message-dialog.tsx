import type { PublicUser } from '@devmarket/contract';

export type SendMessageDialogProps = { open: boolean; onClose: () => void; developer: PublicUser };

/** 'Send Message' dialog of the developer profile (messages issue). */
export function SendMessageDialog(_props: SendMessageDialogProps) {
  return null;
}
