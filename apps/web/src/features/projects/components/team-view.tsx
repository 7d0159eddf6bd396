import { PROJECT_MSG, type ProjectWithUsers } from '@devmarket/contract';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import PersonRemoveOutlinedIcon from '@mui/icons-material/PersonRemoveOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../app/paths';
import { handleFailure } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useCurrentUser } from '../../../lib/session';
import { useDeleteInvite } from '../api/delete-invite';
import { useApplicants } from '../api/get-applicants';
import { useInvites } from '../api/get-invites';
import { useIgnoreApplication } from '../api/ignore-application';
import { useInviteUser } from '../api/invite-user';
import { useRemoveMember } from '../api/remove-member';
import { fullName, MemberName } from './member-name';
import { RecommendedTalentSection } from './recommended-talent';
import { stackedTableSx } from '../../../components/stacked-table';
import { formatDateDMY } from '../../../lib/format';

/** The workspace's Team view: Team Members, and for the owner Invites and Applicants (spec §2). */
export function TeamView({ project, initialTab = 0 }: { project: ProjectWithUsers; initialTab?: number }) {
  const user = useCurrentUser();
  const isOwner = user?.id === project.ownerID;
  const [tab, setTab] = useState(initialTab);
  return (
    <Box>
      <Typography variant="h2" sx={{ mb: 2 }}>
        Team
      </Typography>
      <Tabs
        value={isOwner ? tab : 0}
        onChange={(_e, v: number) => setTab(v)}
        aria-label="Team sections"
        variant="scrollable"
        sx={{ mb: 2 }}
      >
        <Tab label="Team Members" />
        {isOwner && <Tab label="Invites" />}
        {isOwner && <Tab label="Applicants" />}
      </Tabs>
      {(!isOwner || tab === 0) && <MembersTable project={project} isOwner={isOwner} />}
      {isOwner && tab === 1 && <InvitesTable projectId={project.id} />}
      {isOwner && tab === 2 && <ApplicantsTable projectId={project.id} />}
      {isOwner && <RecommendedTalentSection project={project} />}
    </Box>
  );
}

function TableShell({ head, children, label }: { head: string[]; children: ReactNode; label: string }) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table aria-label={label} sx={[{ minWidth: 360 }, stackedTableSx]}>
        <TableHead>
          <TableRow>
            {head.map((h) => (
              <TableCell key={h} align={h === 'Actions' ? 'right' : 'left'} sx={{ fontWeight: 600 }}>
                {h}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>{children}</TableBody>
      </Table>
    </TableContainer>
  );
}

function LoadingRows({ cols }: { cols: number }) {
  return [0, 1].map((i) => (
    <TableRow key={i}>
      {Array.from({ length: cols }, (_, j) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <TableCell key={j}>
          <Skeleton />
        </TableCell>
      ))}
    </TableRow>
  ));
}

function EmptyState({ title, text }: { title: string; text: string }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 }, textAlign: 'center' }}>
      <Typography variant="h3" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2.5 }}>
        {text}
      </Typography>
      <Button variant="contained" component={RouterLink} to={paths.talent.href()}>
        Find Talent
      </Button>
    </Paper>
  );
}

function MembersTable({ project, isOwner }: { project: ProjectWithUsers; isOwner: boolean }) {
  const me = useCurrentUser();
  const remove = useRemoveMember(project.id);
  const onRemove = async (userId: string) => {
    try {
      await remove.mutateAsync(userId);
      notify(PROJECT_MSG.userRemoved);
    } catch (err) {
      handleFailure(err);
    }
  };
  return (
    <TableShell head={isOwner ? ['Name', 'Role', 'Actions'] : ['Name', 'Role']} label="Team Members">
      {project.users.map((m) => {
        // Spec §5: never the owner, never oneself, only Admin-role members.
        const removable = isOwner && m.role === 'Admin' && m.userID !== me?.id && m.userID !== project.ownerID;
        return (
          <TableRow key={m.userID}>
            <TableCell>
              <MemberName user={m.user} />
            </TableCell>
            <TableCell>
              <Chip label={m.role} size="small" color={m.role === 'Owner' ? 'primary' : 'default'} variant="outlined" />
            </TableCell>
            {isOwner && (
              <TableCell align="right">
                <Tooltip title={removable ? 'Remove from team' : ''}>
                  <span>
                    <IconButton
                      aria-label={`Remove ${fullName(m.user)}`}
                      disabled={!removable || remove.isPending}
                      onClick={() => onRemove(m.userID)}
                    >
                      <PersonRemoveOutlinedIcon />
                    </IconButton>
                  </span>
                </Tooltip>
              </TableCell>
            )}
          </TableRow>
        );
      })}
    </TableShell>
  );
}

function InvitesTable({ projectId }: { projectId: string }) {
  const invites = useInvites(projectId, true);
  const del = useDeleteInvite(projectId);
  if (invites.data?.length === 0) {
    return (
      <EmptyState
        title={PROJECT_MSG.noInvites}
        text="Invite developers from their profile; pending invites show here."
      />
    );
  }
  const onDelete = async (userId: string) => {
    try {
      await del.mutateAsync(userId);
      notify(PROJECT_MSG.inviteRemoved);
    } catch (err) {
      handleFailure(err);
    }
  };
  return (
    <TableShell head={['Name', 'Sent', 'Actions']} label="Invites">
      {invites.isPending ? (
        <LoadingRows cols={3} />
      ) : (
        invites.data?.map((i) => (
          <TableRow key={i.id}>
            <TableCell>
              <MemberName user={i.User} />
            </TableCell>
            <TableCell>{formatDateDMY(i.createdAt)}</TableCell>
            <TableCell align="right">
              <IconButton
                aria-label={`Delete invite for ${fullName(i.User)}`}
                onClick={() => onDelete(i.userID)}
                disabled={del.isPending}
              >
                <DeleteOutlineIcon />
              </IconButton>
            </TableCell>
          </TableRow>
        ))
      )}
    </TableShell>
  );
}

function ApplicantsTable({ projectId }: { projectId: string }) {
  const applicants = useApplicants(projectId, true);
  const add = useInviteUser();
  const ignore = useIgnoreApplication(projectId);
  if (applicants.data?.length === 0) {
    return <EmptyState title={PROJECT_MSG.noApplicants} text="Developers who apply to your project show here." />;
  }
  const busy = add.isPending || ignore.isPending;
  const onAdd = async (userID: string) => {
    try {
      await add.mutateAsync({ projectId, userID });
      notify(PROJECT_MSG.userAdded);
    } catch (err) {
      handleFailure(err);
    }
  };
  const onIgnore = async (applicationId: string) => {
    try {
      await ignore.mutateAsync(applicationId);
      notify(PROJECT_MSG.applicationIgnored);
    } catch (err) {
      handleFailure(err);
    }
  };
  return (
    <TableShell head={['Name', 'Message', 'Actions']} label="Applicants">
      {applicants.isPending ? (
        <LoadingRows cols={3} />
      ) : (
        applicants.data?.map((a) => (
          <TableRow key={a.id}>
            <TableCell sx={{ minWidth: 180 }}>
              <MemberName user={a.user} />
            </TableCell>
            <TableCell sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', maxWidth: 420 }}>{a.message}</TableCell>
            <TableCell align="right">
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'flex-end' }}>
                <Button size="small" variant="contained" onClick={() => onAdd(a.userID)} disabled={busy}>
                  Add
                </Button>
                <Button size="small" onClick={() => onIgnore(a.id)} disabled={busy}>
                  Ignore
                </Button>
              </Stack>
            </TableCell>
          </TableRow>
        ))
      )}
    </TableShell>
  );
}
