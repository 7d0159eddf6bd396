import {
  type CreatedWebhook,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  type Webhook,
  type WebhookDelivery,
} from '@devmarket/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { handleFailure } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useCreateWebhook, useDeleteWebhook, useSendTestWebhook, webhooksQueryOptions } from '../api/webhooks';
import { ShownOnce } from '../../../components/shown-once';

type EventName = (typeof WEBHOOK_EVENTS)[number];

/** Settings → "Webhooks" (DESIGN §16): add, the secret shown once, list with the last deliveries, test, delete. */
export function WebhooksSection({ projectId }: { projectId: string }) {
  const hooks = useQuery(webhooksQueryOptions(projectId));
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="webhooks-heading"
      sx={{ p: { xs: 2.5, md: 3 }, minWidth: 0 }}
    >
      <Typography variant="h3" component="h2" id="webhooks-heading" sx={{ mb: 0.5 }}>
        Webhooks
      </Typography>
      <Typography color="text.secondary" variant="body2" sx={{ mb: 2.5 }}>
        We POST signed JSON (Standard Webhooks) to your https:// address when these events happen; failed deliveries are
        retried for about nine hours.
      </Typography>
      <Stack spacing={3}>
        <AddWebhookForm projectId={projectId} onCreated={setCreated} />
        {created && <SecretNotice hook={created} onDone={() => setCreated(null)} />}
        {hooks.isPending ? (
          <Skeleton height={96} />
        ) : hooks.isError ? (
          <Alert severity="error">The webhooks could not be loaded.</Alert>
        ) : hooks.data.length === 0 ? (
          <Typography color="text.secondary">No webhooks yet.</Typography>
        ) : (
          <Stack component="ul" aria-label="Webhooks" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {hooks.data.map((h) => (
              <WebhookRow key={h.id} projectId={projectId} hook={h} />
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

function AddWebhookForm({ projectId, onCreated }: { projectId: string; onCreated: (h: CreatedWebhook) => void }) {
  const create = useCreateWebhook(projectId);
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<EventName[]>(['task.created', 'task.stage_changed', 'task.paid']);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const toggle = (e: EventName, on: boolean) => setEvents((prev) => (on ? [...prev, e] : prev.filter((x) => x !== e)));
  const onSubmit = async (ev: FormEvent) => {
    ev.preventDefault();
    setErrors({});
    try {
      const hook = await create.mutateAsync({ url, events });
      setUrl('');
      onCreated(hook);
    } catch (err) {
      handleFailure(err, (fields) => setErrors(fields));
    }
  };
  return (
    <Box component="form" onSubmit={onSubmit} noValidate aria-label="Add a webhook">
      <Stack spacing={2}>
        <TextField
          label="Payload URL"
          placeholder="https://example.com/hooks/devmarket"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          error={Boolean(errors.url)}
          helperText={errors.url}
          required
          type="url"
        />
        <FormControl error={Boolean(errors.events)} component="fieldset">
          <FormLabel component="legend">Events</FormLabel>
          <FormGroup sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            {WEBHOOK_EVENTS.map((e) => (
              <FormControlLabel
                key={e}
                control={<Checkbox checked={events.includes(e)} onChange={(_x, on) => toggle(e, on)} />}
                label={WEBHOOK_EVENT_LABELS[e]}
              />
            ))}
          </FormGroup>
          {errors.events && <FormHelperText>{errors.events}</FormHelperText>}
        </FormControl>
        <Box>
          <Button type="submit" variant="contained" loading={create.isPending}>
            Add webhook
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

function SecretNotice({ hook, onDone }: { hook: CreatedWebhook; onDone: () => void }) {
  return (
    <ShownOnce
      heading="Copy the signing secret now: it will not be shown again. Verify each delivery with it."
      value={hook.secret}
      label="Signing secret"
      what="secret"
      onDone={onDone}
    />
  );
}

const STATUS_COLOR = { pending: 'default', delivered: 'success', failed: 'error' } as const;

function DeliveryLine({ d }: { d: WebhookDelivery }) {
  return (
    <Box
      component="li"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', py: 0.5, minWidth: 0 }}
      aria-label={`${d.event} ${d.status}`}
    >
      <Chip size="small" color={STATUS_COLOR[d.status]} label={d.status} />
      <Typography component="span" sx={{ fontFamily: 'monospace', fontSize: '0.85rem' }}>
        {d.event}
      </Typography>
      <Typography component="span" variant="body2" color="text.secondary">
        {formatDateTime(d.createdAt)}
        {d.lastStatusCode !== null && ` · HTTP ${d.lastStatusCode}`}
        {d.attempts > 1 && ` · ${d.attempts} attempts`}
      </Typography>
    </Box>
  );
}

function WebhookRow({ projectId, hook }: { projectId: string; hook: Webhook }) {
  const test = useSendTestWebhook(projectId);
  const del = useDeleteWebhook(projectId);
  return (
    <Box component="li" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, minWidth: 0 }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ alignItems: { sm: 'flex-start' }, justifyContent: 'space-between' }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600, wordBreak: 'break-all' }}>{hook.url}</Typography>
          <Typography variant="body2" color="text.secondary">
            {hook.events.map((e) => WEBHOOK_EVENT_LABELS[e]).join(', ')}
          </Typography>
        </Box>
        <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
          <Button
            variant="outlined"
            size="small"
            loading={test.isPending}
            aria-label={`Send test to ${hook.url}`}
            onClick={() =>
              test.mutate(hook.id, { onSuccess: () => notify('Test sent'), onError: (e) => handleFailure(e) })
            }
          >
            Send test
          </Button>
          <Button
            color="error"
            size="small"
            loading={del.isPending}
            aria-label={`Delete webhook ${hook.url}`}
            onClick={() =>
              del.mutate(hook.id, { onSuccess: () => notify('Webhook deleted'), onError: (e) => handleFailure(e) })
            }
          >
            Delete
          </Button>
        </Stack>
      </Stack>
      <Typography variant="subtitle2" component="h3" sx={{ mt: 1.5 }}>
        Last deliveries
      </Typography>
      {hook.lastDeliveries.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          Nothing sent yet.
        </Typography>
      ) : (
        <Box component="ul" aria-label="Last deliveries" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {hook.lastDeliveries.map((d) => (
            <DeliveryLine key={d.id} d={d} />
          ))}
        </Box>
      )}
    </Box>
  );
}
