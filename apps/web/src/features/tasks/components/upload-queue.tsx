import CloseIcon from '@mui/icons-material/Close';
import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';

export type QueuedFile = {
  key: string;
  file: File;
  progress: number;
  status: 'queued' | 'uploading' | 'done' | 'failed';
  error?: string;
};

export const queueFiles = (files: File[]): QueuedFile[] =>
  files.map((file) => ({ key: `${file.name}-${file.size}-${Math.random()}`, file, progress: 0, status: 'queued' }));

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Files waiting for or being uploaded, each with its progress bar. */
export function UploadQueue({ items, onRemove }: { items: QueuedFile[]; onRemove?: (key: string) => void }) {
  if (items.length === 0) return null;
  return (
    <Box
      component="ul"
      sx={{ listStyle: 'none', p: 0, m: 0, mt: 1, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1 }}
      aria-label="Files to upload"
    >
      {items.map((q) => (
        <Box component="li" key={q.key} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <InsertDriveFileOutlinedIcon fontSize="small" sx={{ color: 'text.secondary' }} />
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="body2" noWrap>
              {q.file.name}{' '}
              <Typography component="span" variant="caption" sx={{ color: 'text.secondary' }}>
                {formatSize(q.file.size)}
              </Typography>
            </Typography>
            {q.status !== 'queued' && (
              <LinearProgress
                variant="determinate"
                value={Math.round(q.progress * 100)}
                color={q.status === 'failed' ? 'error' : q.status === 'done' ? 'success' : 'primary'}
                aria-label={`Uploading ${q.file.name}`}
                sx={{ mt: 0.5, borderRadius: 1 }}
              />
            )}
            {q.error && (
              <Typography variant="caption" color="error">
                {q.error}
              </Typography>
            )}
          </Box>
          {onRemove && q.status === 'queued' && (
            <IconButton size="small" aria-label={`Remove ${q.file.name}`} onClick={() => onRemove(q.key)}>
              <CloseIcon fontSize="small" />
            </IconButton>
          )}
        </Box>
      ))}
    </Box>
  );
}
