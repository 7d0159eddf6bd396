import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { OutboxStatus } from '@devmarket/contract';
import { useState } from 'react';
import { useOutbox } from '../api/outbox';
import { formatDateTime } from '../../../lib/format';

const when = formatDateTime;

/** Where a mail is in its delivery (DESIGN §9: retried after 1, 5 and 30 minutes, then dead). */
function MailStatus({ status, attempts, failing }: { status: OutboxStatus; attempts: number; failing: boolean }) {
  if (status === 'sent') return <Chip size="small" color="success" variant="outlined" label="Sent" />;
  if (status === 'logged') return <Chip size="small" variant="outlined" label="Outbox" />;
  if (status === 'dead') return <Chip size="small" color="error" label="Dead" />;
  return failing ? (
    <Chip size="small" color="warning" variant="outlined" label={`Retrying (${attempts} failed)`} />
  ) : (
    <Chip size="small" variant="outlined" label="Queued" />
  );
}

/** Staff console panel: every mail the product sent (the mailbox when no SMTP server is set), newest first. */
export function OutboxPanel() {
  const [page, setPage] = useState(1);
  const [text, setText] = useState('');
  const [to, setTo] = useState('');
  const outbox = useOutbox(page, to);
  return (
    <Box>
      <TextField
        label="Recipient"
        placeholder="Filter by email address — press Enter"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            setTo(text.trim());
            setPage(1);
          }
        }}
        size="small"
        sx={{ mb: 2, maxWidth: 420 }}
      />
      {outbox.isPending ? (
        <Box sx={{ display: 'grid', gap: 1 }}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={56} />
          ))}
        </Box>
      ) : outbox.isError ? (
        <Typography color="error">The outbox could not be loaded.</Typography>
      ) : outbox.data.mails.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography color="text.secondary">No mail yet.</Typography>
        </Paper>
      ) : (
        <Box aria-label="Mails" role="list">
          {outbox.data.mails.map((m) => (
            <Accordion key={m.id} disableGutters variant="outlined" role="listitem">
              <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls={`mail-${m.id}`}>
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', width: '100%', pr: 1 }}>
                  <Typography sx={{ fontWeight: 600, flex: '1 1 240px', minWidth: 0 }} noWrap>
                    {m.subject}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" noWrap sx={{ flex: '0 1 auto' }}>
                    {m.to}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {when(m.createdAt)}
                  </Typography>
                  <MailStatus status={m.status} attempts={m.attempts} failing={Boolean(m.error)} />
                </Box>
              </AccordionSummary>
              <AccordionDetails id={`mail-${m.id}`}>
                <Typography
                  component="pre"
                  sx={{ whiteSpace: 'pre-wrap', fontFamily: 'inherit', m: 0, wordBreak: 'break-word' }}
                >
                  {m.text}
                </Typography>
                {m.error && (
                  <Typography color="error" variant="body2" sx={{ mt: 1 }}>
                    Last error{m.attempts > 1 ? ` (after ${m.attempts} attempts)` : ''}: {m.error}
                  </Typography>
                )}
              </AccordionDetails>
            </Accordion>
          ))}
        </Box>
      )}
      {outbox.data && outbox.data.pages > 1 && (
        <Pagination sx={{ mt: 2 }} count={outbox.data.pages} page={page} onChange={(_e, p) => setPage(p)} />
      )}
    </Box>
  );
}
