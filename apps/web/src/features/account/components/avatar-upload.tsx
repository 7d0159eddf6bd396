import { AVATAR_MAX_BYTES, AVATAR_TYPES, type Me } from '@devmarket/contract';
import PhotoCameraOutlined from '@mui/icons-material/PhotoCameraOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { handleFailure } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { userQueryOptions } from '../../../lib/session';
import { uploadImage } from '../api/upload-image';

/** Image upload with a preview and a progress bar; the server checks type and size and resizes. */
export function AvatarUpload({ me }: { me: Me }) {
  const qc = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) {
      setError('The image must be a PNG, JPEG, WebP or GIF file');
      return;
    }
    if (file.size > AVATAR_MAX_BYTES) {
      setError('The image must be at most 5 MB');
      return;
    }
    setPreview(URL.createObjectURL(file));
    setProgress(0);
    try {
      const fresh = await uploadImage(file, setProgress);
      qc.setQueryData(userQueryOptions().queryKey, fresh);
      notify('Image updated.');
    } catch (err) {
      setPreview(null);
      handleFailure(err, (errors) => setError(errors.image ?? null));
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  };

  const name = `${me.firstName} ${me.lastName}`.trim();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2.5, flexWrap: 'wrap' }}>
      <Avatar src={preview ?? me.imageURL ?? undefined} alt={name} sx={{ width: 88, height: 88, fontSize: 32 }}>
        {me.firstName.slice(0, 1)}
      </Avatar>
      <Box sx={{ flex: 1, minWidth: 180 }}>
        <input
          ref={input}
          type="file"
          accept={AVATAR_TYPES.join(',')}
          hidden
          aria-label="Image file"
          onChange={(e) => void onFile(e.target.files?.[0])}
        />
        <Button
          variant="outlined"
          startIcon={<PhotoCameraOutlined />}
          onClick={() => input.current?.click()}
          disabled={progress !== null}
        >
          Upload Image
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.75 }}>
          PNG, JPEG, WebP or GIF, up to 5 MB. We crop it to a square.
        </Typography>
        {progress !== null && (
          <LinearProgress
            variant="determinate"
            value={progress}
            sx={{ mt: 1, maxWidth: 260 }}
            aria-label="Upload progress"
          />
        )}
        {error && <FormHelperText error>{error}</FormHelperText>}
      </Box>
    </Box>
  );
}
