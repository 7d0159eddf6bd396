import { PROJECT_MSG } from '@devmarket/contract';
import { useState } from 'react';
import { notify } from './notify';

export type InviteState = 'idle' | 'loading' | 'invited';

/**
 * The Invite button of each project in the Hire and Invite to Project dialogs: idle → loading →
 * invited, with 'Invited to project'; a failure goes back to idle and is only logged (spec §4, §8).
 */
export function useInviteButtons(invite: (projectId: string) => Promise<unknown>) {
  const [states, setStates] = useState<Record<string, InviteState>>({});
  const run = async (projectId: string) => {
    setStates((s) => ({ ...s, [projectId]: 'loading' }));
    try {
      await invite(projectId);
      setStates((s) => ({ ...s, [projectId]: 'invited' }));
      notify(PROJECT_MSG.invited);
    } catch (err) {
      console.error('invite failed', err);
      setStates((s) => ({ ...s, [projectId]: 'idle' }));
    }
  };
  return { stateOf: (projectId: string): InviteState => states[projectId] ?? 'idle', invite: run };
}
