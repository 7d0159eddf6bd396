import { EMAIL_CATEGORIES, EMAIL_CATEGORY_LABELS } from '@devmarket/contract/constants';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { handleFailure } from '../../../lib/api-client';
import { notificationSettingsQueryOptions, useUpdateNotificationSettings } from '../api/notification-settings';

/** E-mail categories as switches; each change is saved at once. */
export function NotificationSettingsForm() {
  const settings = useQuery(notificationSettingsQueryOptions());
  const update = useUpdateNotificationSettings();
  if (settings.isPending) return <Skeleton height={160} />;
  if (settings.isError) return <Typography>Your e-mail settings could not be loaded.</Typography>;
  return (
    <Stack sx={{ gap: 1 }}>
      {EMAIL_CATEGORIES.map((category) => (
        <FormControlLabel
          key={category}
          sx={{ alignItems: 'flex-start', ml: 0, gap: 1 }}
          control={
            <Switch
              checked={settings.data.email[category]}
              onChange={(_e, checked) =>
                update.mutate({ email: { [category]: checked } }, { onError: (e) => handleFailure(e) })
              }
            />
          }
          label={
            <span>
              <Typography component="span" sx={{ display: 'block', fontWeight: 600, mt: 0.75 }}>
                {EMAIL_CATEGORY_LABELS[category].label}
              </Typography>
              <Typography component="span" variant="body2" color="text.secondary">
                {EMAIL_CATEGORY_LABELS[category].help}
              </Typography>
            </span>
          }
        />
      ))}
    </Stack>
  );
}
