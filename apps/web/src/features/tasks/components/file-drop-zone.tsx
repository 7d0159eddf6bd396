import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useDropzone } from 'react-dropzone';

/** The drop-zone (spec §5): several files at once; react-dropzone's own rejection messages. */
export function FileDropZone({ onFiles, disabled }: { onFiles: (files: File[]) => void; disabled?: boolean }) {
  const { getRootProps, getInputProps, isDragActive, fileRejections } = useDropzone({
    onDrop: (accepted) => {
      if (accepted.length > 0) onFiles(accepted);
    },
    multiple: true,
    disabled,
  });
  return (
    <Box>
      <Box
        {...getRootProps()}
        sx={{
          border: '2px dashed',
          borderColor: isDragActive ? 'primary.main' : 'divider',
          bgcolor: isDragActive ? 'rgba(63, 81, 224, 0.06)' : 'transparent',
          borderRadius: 2,
          p: 2,
          textAlign: 'center',
          cursor: disabled ? 'default' : 'pointer',
          color: 'text.secondary',
          transition: 'border-color 120ms, background-color 120ms',
          '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
        }}
      >
        <input {...getInputProps({ 'aria-label': 'Attach files' })} />
        <CloudUploadOutlinedIcon sx={{ verticalAlign: 'middle', mr: 1 }} />
        <Typography component="span" variant="body2">
          {isDragActive ? 'Drop the files here' : 'Drag files here, or click to choose'}
        </Typography>
      </Box>
      {fileRejections.length > 0 && (
        <Box component="ul" sx={{ m: 0, mt: 1, pl: 2 }}>
          {fileRejections.map(({ file, errors }) => (
            <Typography component="li" variant="caption" color="error" key={`${file.name}-${file.size}`}>
              {file.name}: {errors.map((e) => e.message).join(', ')}
            </Typography>
          ))}
        </Box>
      )}
    </Box>
  );
}
