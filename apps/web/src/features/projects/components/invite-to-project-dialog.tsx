import type { PublicUser } from '@devmarket/contract';
import CheckIcon from '@mui/icons-material/Check';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../app/paths';
import { ProjectAvatar } from '../../../components/project-avatar';
import { useOwnedProjects } from '../../../lib/project-queries';
import { useInviteUser } from '../api/invite-user';
import { useInviteButtons } from '../../../lib/invite-buttons';

export type InviteToProjectDialogProps = { open: boolean; onClose: () => void; developer: PublicUser };

/**
 * 'Invite to Project' (spec §2): the current user's owned projects, each with an Invite button
 * that goes idle → loading → invited (disabled, with a check mark); a refusal goes back to idle
 * and shows its message. A project the developer is already on says "Already a member", one they
 * are invited to "Invited", both disabled (issue 28).
 */
export function InviteToProjectDialog({ open, onClose, developer }: InviteToProjectDialogProps) {
  const owned = useOwnedProjects(open, developer.id);
  const add = useInviteUser();
  const { stateOf, invite: onInvite } = useInviteButtons((projectId) =>
    add.mutateAsync({ projectId, userID: developer.id }),
  );

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth={false}
      slotProps={{ paper: { sx: { maxWidth: 500 } } }}
      aria-labelledby="invite-title"
    >
      <DialogTitle id="invite-title" sx={{ pb: 0.5 }}>
        Invite to Project
      </DialogTitle>
      <Typography color="text.secondary" sx={{ px: 3, pb: 1 }}>
        Invite this developer to your projects
      </Typography>
      <DialogContent sx={{ px: { xs: 1.5, sm: 3 } }}>
        {owned.isPending ? (
          <Stack spacing={1}>
            <Skeleton height={56} />
            <Skeleton height={56} />
          </Stack>
        ) : !owned.data?.length ? (
          <Box sx={{ textAlign: 'center', py: 3 }}>
            <Typography sx={{ mb: 2 }}>You have no projects yet.</Typography>
            <Button variant="contained" component={RouterLink} to={paths.newProject.href()}>
              Create Project
            </Button>
          </Box>
        ) : (
          <List disablePadding>
            {owned.data.map((p) => {
              const s = p.candidate === 'invited' ? 'invited' : stateOf(p.id);
              const member = p.candidate === 'member';
              return (
                <ListItem key={p.id} divider sx={{ px: 0, gap: 1.5 }}>
                  <ProjectAvatar name={p.name} image={p.image} />
                  <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                    <Typography sx={{ fontWeight: 600 }} noWrap>
                      {p.name}
                    </Typography>
                    <Typography variant="body2" color="text.secondary" noWrap>
                      {p.shortDescription}
                    </Typography>
                  </Box>
                  {member ? (
                    <Button
                      variant="text"
                      size="small"
                      disabled
                      sx={{ flexShrink: 0 }}
                      aria-label={`Already a member of ${p.name}`}
                    >
                      Already a member
                    </Button>
                  ) : (
                    <Button
                      variant={s === 'invited' ? 'text' : 'outlined'}
                      size="small"
                      onClick={() => onInvite(p.id)}
                      loading={s === 'loading'}
                      disabled={s !== 'idle'}
                      startIcon={s === 'invited' ? <CheckIcon /> : undefined}
                      aria-label={s === 'invited' ? `Invited to ${p.name}` : `Invite to ${p.name}`}
                      sx={{ flexShrink: 0 }}
                    >
                      {s === 'invited' ? 'Invited' : 'Invite'}
                    </Button>
                  )}
                </ListItem>
              );
            })}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
