import type { ProjectWithUsers } from '@devmarket/contract';
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useProjectTasks } from '../api/get-project-tasks';
import { useTaskEvents } from '../api/task-events';
import { fullName, PersonAvatar } from './person-avatar';
import { StageChip } from './stage-chip';
import { stackedTableSx } from '../../../components/stacked-table';
import { formatUsdt } from '../../../lib/format';
import { TasksLoadError } from './tasks-load-error';

export type TasksListViewProps = {
  project: ProjectWithUsers;
  onOpenTask: (taskId: string) => void;
  onCreateTask: () => void;
};

/** Spec §9: 10, 25, 50, 100, All; default 10. */
const PAGE_SIZES = [10, 25, 50, 100, { label: 'All', value: -1 }];
const number = (identifier: string) => Number(identifier.split('-').pop());

/** The Tasks table (spec §2): Identifier, Summary, Assignee, Price, Stage; a row opens the task. */
export function TasksListView({ project, onOpenTask, onCreateTask }: TasksListViewProps) {
  const { data, isPending, isError, refetch } = useProjectTasks(project.id);
  useTaskEvents(project.id);
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRowsPerPage] = useState(10);
  const tasks = useMemo(() => [...(data ?? [])].sort((a, b) => number(b.identifier) - number(a.identifier)), [data]);
  const rows = rowsPerPage === -1 ? tasks : tasks.slice(page * rowsPerPage, (page + 1) * rowsPerPage);

  if (isError) {
    return <TasksLoadError onRetry={() => refetch()} />;
  }

  return (
    <Paper variant="outlined" sx={{ borderRadius: 3, overflow: 'hidden' }}>
      <Box sx={{ px: 2, pt: 2, pb: 1, display: 'flex', alignItems: 'center' }}>
        <Typography component="h2" variant="h5" id="tasks-title">
          Tasks
        </Typography>
      </Box>
      {!isPending && tasks.length === 0 ? (
        <Box sx={{ textAlign: 'center', py: 6, px: 2 }}>
          <Typography sx={{ color: 'text.secondary', mb: 2 }}>No tasks to display</Typography>
          <Button variant="contained" startIcon={<AddIcon />} onClick={onCreateTask}>
            Create Task
          </Button>
        </Box>
      ) : (
        <>
          <TableContainer>
            <Table aria-labelledby="tasks-title" sx={[{ minWidth: 560, tableLayout: 'fixed' }, stackedTableSx]}>
              <TableHead>
                <TableRow>
                  <TableCell sx={{ width: 100 }}>Identifier</TableCell>
                  <TableCell>Summary</TableCell>
                  <TableCell sx={{ width: '26%' }}>Assignee</TableCell>
                  <TableCell sx={{ width: 120 }}>Price</TableCell>
                  <TableCell sx={{ width: 130 }}>Stage</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {isPending
                  ? Array.from({ length: 5 }, (_, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                      <TableRow key={i}>
                        {Array.from({ length: 5 }, (_, j) => (
                          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                          <TableCell key={j}>
                            <Skeleton />
                          </TableCell>
                        ))}
                      </TableRow>
                    ))
                  : rows.map((t) => (
                      <TableRow
                        key={t.id}
                        hover
                        tabIndex={0}
                        onClick={() => onOpenTask(t.id)}
                        onKeyDown={(e) => {
                          if (e.key === 'Enter') onOpenTask(t.id);
                        }}
                        sx={{
                          cursor: 'pointer',
                          '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
                        }}
                      >
                        <TableCell data-label="Identifier" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                          {t.identifier}
                        </TableCell>
                        <TableCell
                          data-label="Summary"
                          sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                        >
                          {t.summary}
                        </TableCell>
                        <TableCell data-label="Assignee">
                          {t.Assignee ? (
                            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
                              <PersonAvatar person={t.Assignee} size={28} />
                              <Typography variant="body2" noWrap>
                                {fullName(t.Assignee)}
                              </Typography>
                            </Box>
                          ) : (
                            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                              Unassigned
                            </Typography>
                          )}
                        </TableCell>
                        <TableCell data-label="Price" sx={{ whiteSpace: 'nowrap' }}>
                          {t.price ? formatUsdt(t.price) : '—'}
                        </TableCell>
                        <TableCell data-label="Stage">
                          <StageChip stage={t.stage} />
                        </TableCell>
                      </TableRow>
                    ))}
              </TableBody>
            </Table>
          </TableContainer>
          <TablePagination
            component="div"
            count={tasks.length}
            page={rowsPerPage === -1 ? 0 : page}
            rowsPerPage={rowsPerPage}
            rowsPerPageOptions={PAGE_SIZES}
            sx={{ '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end' } }}
            onPageChange={(_e, p) => setPage(p)}
            onRowsPerPageChange={(e) => {
              setRowsPerPage(Number(e.target.value));
              setPage(0);
            }}
          />
        </>
      )}
    </Paper>
  );
}
