import type { Project } from '@devmarket/contract';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import VerifiedIcon from '@mui/icons-material/Verified';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../app/paths';
import { api, handleFailure } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { stackedTableSx } from '../../../components/stacked-table';
import { formatDate } from '../../../lib/format';
import { projectKeys } from '../../../lib/projects';
import { adminKeys } from '../api/keys';

function useAdminProjects(query: string, page: number) {
  return useQuery({
    queryKey: adminKeys.projectPage(query, page),
    queryFn: () => api.get('/admin/projects', { query: { query: query || undefined, page } }),
    placeholderData: keepPreviousData,
  });
}

function useToggle() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, what, on }: { id: string; what: 'verify' | 'feature'; on: boolean }) =>
      what === 'verify'
        ? api.post('/admin/projects/:id/verify', { params: { id }, body: { verified: on } })
        : api.post('/admin/projects/:id/feature', { params: { id }, body: { featured: on } }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: adminKeys.projects });
      void qc.invalidateQueries({ queryKey: projectKeys.all });
    },
  });
}

/** Staff console: verify and feature projects (DESIGN §4). */
export function ProjectsPanel() {
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const list = useAdminProjects(query, page);
  const toggle = useToggle();

  const run = async (p: Project, what: 'verify' | 'feature') => {
    const on = what === 'verify' ? !p.verified : !p.featured;
    try {
      await toggle.mutateAsync({ id: p.id, what, on });
      notify(
        what === 'verify'
          ? on
            ? 'Project verified'
            : 'Verification removed'
          : on
            ? 'Project featured'
            : 'No longer featured',
        { text: p.name },
      );
    } catch (err) {
      handleFailure(err);
    }
  };

  return (
    <Box>
      <TextField
        size="small"
        label="Search projects"
        placeholder="Name, handle or company"
        helperText="Press Enter to search"
        fullWidth
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            setQuery(text.trim());
            setPage(1);
          }
        }}
        sx={{ mb: 2, maxWidth: 420 }}
      />
      <TableContainer component={Paper} variant="outlined">
        <Table aria-label="Projects" sx={[{ minWidth: 640 }, stackedTableSx]}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ fontWeight: 600 }}>Project</TableCell>
              <TableCell sx={{ fontWeight: 600 }}>Visibility</TableCell>
              <TableCell sx={{ fontWeight: 600 }}>Created</TableCell>
              <TableCell sx={{ fontWeight: 600 }} align="right">
                Actions
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {list.isPending
              ? [0, 1, 2].map((i) => (
                  <TableRow key={i}>
                    <TableCell colSpan={4}>
                      <Skeleton />
                    </TableCell>
                  </TableRow>
                ))
              : list.data?.projects.map((p) => (
                  <TableRow key={p.id} hover>
                    <TableCell>
                      <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
                        <Link component={RouterLink} to={paths.projectDetails.href(p.handle)} sx={{ fontWeight: 600 }}>
                          {p.name}
                        </Link>
                        {p.verified && <VerifiedIcon color="primary" sx={{ fontSize: 18 }} aria-label="Verified" />}
                        {p.featured && <StarIcon color="warning" sx={{ fontSize: 18 }} aria-label="Featured" />}
                      </Stack>
                      <Typography variant="body2" color="text.secondary">
                        {p.company} · /{p.handle}
                      </Typography>
                    </TableCell>
                    <TableCell data-label="Visibility">
                      <Chip size="small" variant="outlined" label={p.visibility} />
                    </TableCell>
                    <TableCell data-label="Created">{formatDate(p.createdAt)}</TableCell>
                    <TableCell align="right">
                      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                        <Button
                          size="small"
                          // One variant and width in every row, so the Actions column lines up.
                          variant="outlined"
                          sx={{ minWidth: 116 }}
                          startIcon={<VerifiedIcon />}
                          onClick={() => run(p, 'verify')}
                          disabled={toggle.isPending}
                          aria-label={`${p.verified ? 'Unverify' : 'Verify'} ${p.name}`}
                        >
                          {p.verified ? 'Unverify' : 'Verify'}
                        </Button>
                        <Button
                          size="small"
                          variant="outlined"
                          sx={{ minWidth: 124 }}
                          startIcon={p.featured ? <StarIcon /> : <StarBorderIcon />}
                          onClick={() => run(p, 'feature')}
                          disabled={toggle.isPending}
                          aria-label={`${p.featured ? 'Unfeature' : 'Feature'} ${p.name}`}
                        >
                          {p.featured ? 'Unfeature' : 'Feature'}
                        </Button>
                      </Stack>
                    </TableCell>
                  </TableRow>
                ))}
            {list.data?.projects.length === 0 && (
              <TableRow>
                <TableCell colSpan={4} align="center" sx={{ py: 4 }}>
                  No projects found
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {(list.data?.pages ?? 1) > 1 && (
        <Pagination sx={{ mt: 2 }} count={list.data?.pages} page={page} onChange={(_e, p) => setPage(p)} />
      )}
    </Box>
  );
}
