import { AUTH_MSG, type Me, PROFILE_MAX } from '@devmarket/contract';
import CloseIcon from '@mui/icons-material/Close';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useState } from 'react';
import { Markdown } from '../../../components/markdown';
import { handleFailure } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useUpdateProfile } from '../api/update-profile';

const PLACEHOLDER = `## About me

I build fast, accessible web apps.

- **Stack:** React, Node, PostgreSQL
- **Recent work:** …`;

/** The developers' full-screen markdown profile editor: side-by-side preview on wide screens, tabs on small ones. */
export function ProfileEditor({ me, open, onClose }: { me: Me; open: boolean; onClose: () => void }) {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const [text, setText] = useState(me.profile ?? '');
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const [error, setError] = useState<string | null>(null);
  const mutation = useUpdateProfile();

  const save = async () => {
    setError(null);
    try {
      await mutation.mutateAsync({ profile: text });
      notify(AUTH_MSG.profileUpdated);
      onClose();
    } catch (err) {
      handleFailure(err, (errors) => setError(errors.profile ?? null));
    }
  };

  const editor = (
    <TextField
      label="Profile (Markdown)"
      multiline
      value={text}
      onChange={(e) => setText(e.target.value)}
      placeholder={PLACEHOLDER}
      disabled={mutation.isPending}
      error={Boolean(error) || text.length > PROFILE_MAX}
      helperText={error ?? `${text.length.toLocaleString()} / ${PROFILE_MAX.toLocaleString()} characters`}
      rows={12}
      sx={{
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        '& .MuiInputBase-root': {
          flex: 1,
          minHeight: 0,
          alignItems: 'stretch',
          fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
          fontSize: 14,
        },
        '& textarea': { height: '100% !important', overflow: 'auto !important' },
      }}
    />
  );
  const preview = (
    <Box aria-label="Preview" role="region" sx={{ p: { xs: 1, md: 3 }, overflow: 'auto', height: '100%' }}>
      {text.trim() ? (
        <Markdown>{text}</Markdown>
      ) : (
        <Typography color="text.secondary">Nothing to preview yet.</Typography>
      )}
    </Box>
  );

  return (
    <Dialog fullScreen open={open} onClose={onClose} aria-labelledby="profile-editor-title">
      <AppBar position="relative" sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Toolbar sx={{ gap: 1 }}>
          <IconButton edge="start" onClick={onClose} aria-label="Close editor">
            <CloseIcon />
          </IconButton>
          <Typography id="profile-editor-title" variant="h6" sx={{ flex: 1 }}>
            Edit Profile
          </Typography>
          <Button
            variant="contained"
            onClick={save}
            disabled={mutation.isPending || text.length > PROFILE_MAX}
            startIcon={mutation.isPending ? <CircularProgress size={18} color="inherit" /> : undefined}
          >
            Save Profile
          </Button>
        </Toolbar>
      </AppBar>
      {wide ? (
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: '1fr 1fr',
            gridTemplateRows: 'minmax(0, 1fr)',
            gap: 3,
            p: 3,
            flex: 1,
            minHeight: 0,
          }}
        >
          {editor}
          <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 2, minHeight: 0 }}>{preview}</Box>
        </Box>
      ) : (
        <Box sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0, p: 2, gap: 2 }}>
          <Tabs value={tab} onChange={(_e, v: 'write' | 'preview') => setTab(v)} aria-label="Editor mode">
            <Tab value="write" label="Write" />
            <Tab value="preview" label="Preview" />
          </Tabs>
          <Box sx={{ flex: 1, minHeight: 0 }}>{tab === 'write' ? editor : preview}</Box>
        </Box>
      )}
    </Dialog>
  );
}
