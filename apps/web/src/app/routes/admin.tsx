import LockIcon from '@mui/icons-material/Lock';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useDocumentTitle } from '../../components/page-placeholder';
import { AuditPanel } from '../../features/admin/components/audit-panel';
import { DevelopersPanel } from '../../features/admin/components/developers-panel';
import { DisputesPanel } from '../../features/admin/components/disputes-panel';
import { OutboxPanel } from '../../features/admin/components/outbox-panel';
import { ProjectsPanel } from '../../features/admin/components/projects-panel';
import { TransactionsPanel } from '../../features/admin/components/transactions-panel';
import { useCurrentUser } from '../../lib/session';

const TABS = [
  { label: 'Developers', Panel: DevelopersPanel },
  { label: 'Transactions', Panel: TransactionsPanel },
  { label: 'Disputes', Panel: DisputesPanel },
  { label: 'Projects', Panel: ProjectsPanel },
  { label: 'Outbox', Panel: OutboxPanel },
  { label: 'Audit log', Panel: AuditPanel },
] as const;

/** The staff console at /admin; everyone else gets the 'Unauthorized' treatment. */
export default function AdminPage() {
  useDocumentTitle('Staff console');
  const user = useCurrentUser();
  const [tab, setTab] = useState(0);
  if (!user?.isStaff) {
    return (
      <Paper variant="outlined" sx={{ p: 6, textAlign: 'center' }}>
        <LockIcon sx={{ fontSize: 48, color: 'text.secondary' }} aria-hidden />
        <Typography variant="h2" sx={{ mt: 1 }}>
          Unauthorized
        </Typography>
        <Typography color="text.secondary">The staff console is for DevMarket staff only.</Typography>
      </Paper>
    );
  }
  const { Panel } = TABS[tab];
  return (
    <Box>
      <Typography variant="h1" sx={{ mb: 2 }}>
        Staff console
      </Typography>
      <Tabs
        value={tab}
        onChange={(_e, v: number) => setTab(v)}
        aria-label="Staff console sections"
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2 }}
      >
        {TABS.map((t) => (
          <Tab key={t.label} label={t.label} />
        ))}
      </Tabs>
      <Panel />
    </Box>
  );
}
