import { PROJECT_MSG } from '@devmarket/contract/project-texts';
import { useState } from 'react';
import { handleFailure } from './api-client';
import { notify } from './notify';

export type InviteState = 'idle' | 'loading' | 'invited';

/**
 * The Invite button of each project in the Hire and Invite to Project dialogs: idle → loading →
 * invited, with 'Invited to project'; a refusal goes back to idle and shows its message (issue 28).
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
      setStates((s) => ({ ...s, [projectId]: 'idle' }));
      handleFailure(err);
    }
  };
  return { stateOf: (projectId: string): InviteState => states[projectId] ?? 'idle', invite: run };
}
