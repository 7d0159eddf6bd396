import {
  type ApiToken,
  API_TOKEN_DEFAULT_DAYS,
  type CreatedApiToken,
  type CreateApiTokenBody,
} from '@devmarket/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { handleFailure } from '../../../lib/api-client';
import { formatDate, formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { apiTokensQueryOptions, useCreateApiToken, useRevokeApiToken } from '../api/api-tokens';
import { ShownOnce } from '../../../components/shown-once';

const EXPIRY_CHOICES = [7, 30, 90, 365];

/** /account "API tokens" (DESIGN §16): create (name, scope, expiry), the token shown once, list, revoke. */
export function ApiTokensSection() {
  const tokens = useQuery(apiTokensQueryOptions());
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  return (
    <Stack spacing={3}>
      <CreateTokenForm onCreated={setCreated} />
      {created && <NewTokenNotice token={created} onDone={() => setCreated(null)} />}
      {tokens.isPending ? (
        <Skeleton height={80} />
      ) : tokens.isError ? (
        <Alert severity="error">Your API tokens could not be loaded.</Alert>
      ) : tokens.data.length === 0 ? (
        <Typography color="text.secondary">You have no API tokens.</Typography>
      ) : (
        <Stack component="ul" aria-label="API tokens" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {tokens.data.map((t) => (
            <TokenRow key={t.id} token={t} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function CreateTokenForm({ onCreated }: { onCreated: (t: CreatedApiToken) => void }) {
  const create = useCreateApiToken();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<CreateApiTokenBody['scope']>('read');
  const [days, setDays] = useState(API_TOKEN_DEFAULT_DAYS);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    try {
      const token = await create.mutateAsync({ name, scope, expiresInDays: days });
      setName('');
      onCreated(token);
    } catch (err) {
      handleFailure(err, (fields) => setErrors(fields));
    }
  };
  return (
    <Box
      component="form"
      onSubmit={onSubmit}
      noValidate
      aria-label="Create an API token"
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr 1fr auto' }, alignItems: 'start' }}
    >
      <TextField
        label="Token name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={Boolean(errors.name)}
        helperText={errors.name ?? 'What uses it, e.g. "Tracker sync"'}
        required
      />
      <TextField
        select
        label="Scope"
        value={scope}
        onChange={(e) => setScope(e.target.value as CreateApiTokenBody['scope'])}
        error={Boolean(errors.scope)}
        helperText={errors.scope}
      >
        <MenuItem value="read">Read only</MenuItem>
        <MenuItem value="write">Read and write</MenuItem>
      </TextField>
      <TextField
        select
        label="Expires in"
        value={days}
        onChange={(e) => setDays(Number(e.target.value))}
        error={Boolean(errors.expiresInDays)}
        helperText={errors.expiresInDays}
      >
        {EXPIRY_CHOICES.map((d) => (
          <MenuItem key={d} value={d}>
            {d} days
          </MenuItem>
        ))}
      </TextField>
      <Button type="submit" variant="contained" loading={create.isPending} sx={{ mt: { sm: 1 } }}>
        Create token
      </Button>
    </Box>
  );
}

/** The token, once: copy it now, it is never shown again. */
function NewTokenNotice({ token, onDone }: { token: CreatedApiToken; onDone: () => void }) {
  return (
    <ShownOnce
      heading={`Copy your new token "${token.name}" now: it will not be shown again.`}
      value={token.token}
      label="New API token"
      what="token"
      onDone={onDone}
    />
  );
}

function TokenRow({ token }: { token: ApiToken }) {
  const revoke = useRevokeApiToken();
  const expired = Date.parse(token.expiresAt) <= Date.now();
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: 1.5,
        alignItems: 'center',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        p: 1.5,
      }}
    >
      <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography sx={{ fontWeight: 600, wordBreak: 'break-word' }}>{token.name}</Typography>
          <Chip size="small" label={token.scope === 'write' ? 'Read and write' : 'Read only'} variant="outlined" />
          {expired && <Chip size="small" color="warning" label="Expired" />}
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {token.lastUsedAt ? `Last used ${formatDateTime(token.lastUsedAt)}` : 'Never used'} ·{' '}
          {expired ? 'Expired' : 'Expires'} {formatDate(token.expiresAt)}
        </Typography>
      </Box>
      <Button
        color="error"
        variant="outlined"
        size="small"
        aria-label={`Revoke ${token.name}`}
        loading={revoke.isPending}
        onClick={() =>
          revoke.mutate(token.id, {
            onSuccess: () => notify('Token revoked', { text: `${token.name} no longer works.` }),
            onError: (e) => handleFailure(e),
          })
        }
      >
        Revoke
      </Button>
    </Box>
  );
}
