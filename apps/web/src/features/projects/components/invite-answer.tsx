import { PROJECT_MSG } from '@devmarket/contract/project-texts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { SxProps, Theme } from '@mui/material/styles';
import { notify } from '../../../lib/notify';
import { useAcceptInvite, useDeclineInvite } from '../api/accept-invite';
import { handleFailure } from '../../../lib/api-client';

/**
 * "You have been invited to join …": Decline or Accept Invite. An accepted invite says so; a
 * failure either way is only logged. `exclusive` disables each button while the other one runs.
 */
export function InviteAnswer({
  projectId,
  projectName,
  sx,
  exclusive,
  onAccepted,
  onDeclined,
}: {
  projectId: string;
  projectName: string;
  sx: SxProps<Theme>;
  exclusive?: boolean;
  onAccepted: (joined: { projectID: string; handle: string }) => void;
  onDeclined?: () => void;
}) {
  const accept = useAcceptInvite(projectId);
  const decline = useDeclineInvite(projectId);
  // Awaited, not mutate's callbacks: accepting can unmount this (the invite is gone) before they run.
  const onAccept = async () => {
    try {
      const joined = await accept.mutateAsync();
      notify(PROJECT_MSG.inviteAccepted, { text: PROJECT_MSG.inviteAcceptedText });
      onAccepted(joined);
    } catch (err) {
      handleFailure(err);
    }
  };
  return (
    <Alert
      severity="success"
      sx={sx}
      action={
        <Stack direction="row" spacing={1}>
          <Button
            color="inherit"
            size="small"
            loading={decline.isPending}
            disabled={exclusive && accept.isPending}
            onClick={() => decline.mutate(undefined, { onSuccess: onDeclined, onError: (err) => handleFailure(err) })}
          >
            Decline
          </Button>
          <Button
            variant="contained"
            size="small"
            loading={accept.isPending}
            disabled={exclusive && decline.isPending}
            onClick={onAccept}
          >
            Accept Invite
          </Button>
        </Stack>
      }
    >
      You have been invited to join <strong>{projectName}</strong>.
    </Alert>
  );
}
