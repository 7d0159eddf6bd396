import type { ThreadUser } from '@devmarket/contract';
import CheckIcon from '@mui/icons-material/Check';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useOwnedProjects } from '../../../lib/project-queries';
import { useProjectsWithMember } from '../api/get-projects-with-member';
import { inviteToProject } from '../api/invite-to-project';
import { useInviteButtons } from '../../../lib/invite-buttons';

/**
 * The Hire action of the messages profile panel: the client's owned projects, each with an
 * Invite button (idle → loading → invited with a check mark; back to idle on failure, which is
 * only logged — spec §4 and §8).
 */
export function HireDialog({ open, onClose, user }: { open: boolean; onClose: () => void; user: ThreadUser }) {
  const projects = useOwnedProjects(open);
  const { stateOf, invite } = useInviteButtons((projectId) => inviteToProject(projectId, user.id));
  const onTeam = useProjectsWithMember(open ? projects.data : undefined, user.id);

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth={false}
      slotProps={{ paper: { sx: { maxWidth: 500 } } }}
      aria-labelledby="hire-title"
    >
      <DialogTitle id="hire-title">Invite to Project</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
          Invite {user.firstName} to one of your projects
        </Typography>
        {projects.isPending ? (
          <Box role="status" aria-label="Loading projects">
            <Skeleton height={56} />
            <Skeleton height={56} />
          </Box>
        ) : projects.isError ? (
          <Typography sx={{ color: 'text.secondary', py: 2 }}>Your projects could not be loaded.</Typography>
        ) : projects.data.length === 0 ? (
          <Typography sx={{ color: 'text.secondary', py: 2 }}>You do not own any projects yet.</Typography>
        ) : (
          <List aria-label="Your projects">
            {projects.data.map((p) => {
              const state = stateOf(p.id);
              const member = onTeam?.has(p.id) ?? false;
              return (
                <ListItem
                  key={p.id}
                  divider
                  disableGutters
                  secondaryAction={
                    member ? (
                      <Typography variant="body2" sx={{ color: 'text.secondary', display: 'flex', gap: 0.5 }}>
                        <CheckIcon fontSize="small" aria-hidden /> On the team
                      </Typography>
                    ) : (
                      <Button
                        variant={state === 'invited' ? 'text' : 'outlined'}
                        size="small"
                        loading={state === 'loading' || onTeam === undefined}
                        disabled={state === 'invited'}
                        startIcon={state === 'invited' ? <CheckIcon /> : undefined}
                        onClick={() => void invite(p.id)}
                        aria-label={`Invite to ${p.name}`}
                      >
                        {state === 'invited' ? 'Invited' : 'Invite'}
                      </Button>
                    )
                  }
                  sx={{ pr: 12 }}
                >
                  <ListItemText
                    primary={p.name}
                    secondary={p.shortDescription || p.company}
                    slotProps={{ secondary: { noWrap: true } }}
                  />
                </ListItem>
              );
            })}
          </List>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} color="inherit">
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
