import type { Task } from '@devmarket/contract';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import DownloadIcon from '@mui/icons-material/Download';
import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { handleFailure } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { deleteFile } from '../api/delete-file';
import { openDownload } from '../api/download-file';
import { taskQueryOptions } from '../api/get-task';
import { FileDropZone } from './file-drop-zone';
import { formatSize, queueFiles, UploadQueue } from './upload-queue';
import { useUploadQueue } from './use-upload-queue';
import { formatDate } from '../../../lib/format';

/** The task's files: members download, delete and upload (with progress); others see the names only. */
export function TaskFiles({ task, isMember }: { task: Task; isMember: boolean }) {
  const qc = useQueryClient();
  const queue = useUploadQueue();
  const [busy, setBusy] = useState<string | null>(null);
  const refresh = () => qc.invalidateQueries({ queryKey: taskQueryOptions(task.id).queryKey });

  const onFiles = async (files: File[]) => {
    const items = queueFiles(files);
    queue.setItems((list) => [...list, ...items]);
    await queue.uploadAll(task.id, items);
    await refresh();
    queue.clearDone();
  };

  const onDelete = async (fileId: string, name: string) => {
    setBusy(fileId);
    try {
      await deleteFile(task.id, fileId);
      notify('File deleted', { text: name });
      await refresh();
    } catch (err) {
      handleFailure(err);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Box>
      {task.Files.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
          No files yet
        </Typography>
      ) : (
        <Box
          component="ul"
          aria-label="Files"
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            mb: 1,
            display: 'grid',
            gridTemplateColumns: 'minmax(0, 1fr)',
            gap: 0.5,
          }}
        >
          {task.Files.map((f) => (
            <Box
              component="li"
              key={f.id}
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 1,
                py: 0.5,
                px: 1,
                borderRadius: 1,
                bgcolor: 'action.hover',
              }}
            >
              <InsertDriveFileOutlinedIcon fontSize="small" sx={{ color: 'text.secondary' }} />
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography variant="body2" noWrap title={f.name}>
                  {f.name}
                </Typography>
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {formatSize(f.size)} · {formatDate(f.date)}
                </Typography>
              </Box>
              {isMember && (
                <>
                  <Tooltip title="Download">
                    <IconButton
                      size="small"
                      aria-label={`Download ${f.name}`}
                      onClick={() => openDownload(task.id, f.id).catch((e) => handleFailure(e))}
                    >
                      <DownloadIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title="Delete">
                    <span>
                      <IconButton
                        size="small"
                        aria-label={`Delete ${f.name}`}
                        disabled={busy === f.id}
                        onClick={() => onDelete(f.id, f.name)}
                      >
                        <DeleteOutlineIcon fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                </>
              )}
            </Box>
          ))}
        </Box>
      )}
      {isMember && (
        <>
          <FileDropZone onFiles={onFiles} />
          <UploadQueue items={queue.items} />
        </>
      )}
    </Box>
  );
}
