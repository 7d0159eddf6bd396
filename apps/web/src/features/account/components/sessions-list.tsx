import type { Session } from '@devmarket/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { handleFailure } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { sessionsQueryOptions, useRevokeOtherSessions, useRevokeSession } from '../api/sessions';

/** "Chrome on Windows" from a User-Agent; the whole string stays in the row's title. */
export function browserName(userAgent: string | null): string {
  if (!userAgent) return 'Unknown browser';
  const ua = userAgent;
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\/|Opera/.test(ua)
      ? 'Opera'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Chrom(e|ium)\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : /curl|node|python|Go-http|axios|undici/i.test(ua)
              ? 'A script'
              : 'A browser';
  const os = /Windows/.test(ua)
    ? 'Windows'
    : /Android/.test(ua)
      ? 'Android'
      : /iPhone|iPad|iOS/.test(ua)
        ? 'iOS'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macOS'
          : /Linux/.test(ua)
            ? 'Linux'
            : null;
  return os ? `${browser} on ${os}` : browser;
}

function SessionRow({ session, onSignOut, busy }: { session: Session; onSignOut: () => void; busy: boolean }) {
  const name = browserName(session.userAgent);
  return (
    <ListItem
      divider
      disableGutters
      aria-label={session.current ? `${name} (this browser)` : name}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', py: 1.5 }}
    >
      <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography sx={{ fontWeight: 600 }} title={session.userAgent ?? undefined}>
            {name}
          </Typography>
          {session.current && <Chip size="small" color="primary" label="This browser" />}
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {session.ip ?? 'Unknown address'} · Last active {formatDateTime(session.lastSeenAt)} · Signed in{' '}
          {formatDateTime(session.createdAt)}
        </Typography>
      </Box>
      {!session.current && (
        <Button size="small" variant="outlined" color="error" onClick={onSignOut} disabled={busy}>
          Sign out
        </Button>
      )}
    </ListItem>
  );
}

/** /account "Sessions" (DESIGN §14): where this account is signed in; sign one or all others out. */
export function SessionsList() {
  const sessions = useQuery(sessionsQueryOptions());
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();

  if (sessions.isPending) {
    return (
      <Box aria-busy="true" aria-label="Loading sessions">
        <Skeleton height={56} />
        <Skeleton height={56} />
      </Box>
    );
  }
  if (sessions.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void sessions.refetch()}>
            Retry
          </Button>
        }
      >
        Your sessions could not be loaded.
      </Alert>
    );
  }
  const others = sessions.data.filter((s) => !s.current).length;
  return (
    <Box>
      <List disablePadding aria-label="Sessions">
        {sessions.data.map((s) => (
          <SessionRow
            key={s.id}
            session={s}
            busy={revoke.isPending && revoke.variables === s.id}
            onSignOut={() =>
              revoke.mutate(s.id, {
                onSuccess: () => notify('Session signed out', { variant: 'success' }),
                onError: (err) => handleFailure(err),
              })
            }
          />
        ))}
      </List>
      {others === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          You are signed in on this browser only.
        </Typography>
      ) : (
        <Button
          sx={{ mt: 2 }}
          variant="outlined"
          color="error"
          disabled={revokeOthers.isPending}
          onClick={() =>
            revokeOthers.mutate(undefined, {
              onSuccess: ({ revoked }) =>
                notify(revoked === 1 ? '1 session signed out' : `${revoked} sessions signed out`, {
                  variant: 'success',
                }),
              onError: (err) => handleFailure(err),
            })
          }
        >
          Sign out of all other sessions
        </Button>
      )}
    </Box>
  );
}
