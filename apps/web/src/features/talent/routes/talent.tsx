import { type PublicUser, TAGS, TALENT_QUICK_TAGS_MAX, type Tag } from '@devmarket/contract';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useDocumentTitle } from '../../../components/page-placeholder';
import { ApiError, handleFailure } from '../../../lib/api-client';
import { type TalentFilter, useTalent } from '../api/get-talent';
import { TalentCard } from '../components/talent-card';

const QUICK_TAGS = TAGS.slice(0, TALENT_QUICK_TAGS_MAX);
/** The search fields by the names the API gives them in a 422. */
const FIELD_NAMES: Record<string, string> = { query: 'Search', location: 'Location', tags: 'Tags' };

/** A search box of the page: its icon in front, Enter searches. */
function SearchField({
  icon,
  inputLabel,
  onValueChange,
  onSearch,
  error,
  ...props
}: {
  error?: string;
  label: string;
  placeholder: string;
  value: string;
  icon: React.ReactNode;
  /** The input's own name, when the label is not enough. */
  inputLabel?: string;
  onValueChange: (value: string) => void;
  onSearch: () => void;
}) {
  return (
    <TextField
      {...props}
      error={!!error}
      helperText={error}
      onChange={(e) => onValueChange(e.target.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          onSearch();
        }
      }}
      slotProps={{
        input: { startAdornment: <InputAdornment position="start">{icon}</InputAdornment> },
        htmlInput: { 'aria-label': inputLabel, enterKeyHint: 'search' },
      }}
      sx={{ bgcolor: 'background.paper' }}
    />
  );
}

/** /talent: Featured developers, search on Enter, up to 20 quick tag buttons, Load More. */
export default function TalentPage() {
  useDocumentTitle('Find Talent');
  const [text, setText] = useState('');
  const [place, setPlace] = useState('');
  const [filter, setFilter] = useState<TalentFilter>({ query: '', tags: [], location: '' });
  const talent = useTalent(filter);
  const users = talent.data?.pages.flatMap((p) => p.users) ?? [];
  const searching = Boolean(filter.query || filter.tags.length || filter.location);
  // Featured developers (picked by staff) come first in the list; only they sit under Featured.
  const featured = users.filter((u) => u.featured);
  const others = users.filter((u) => !u.featured);

  // A refused search (422: too long a text) says what is wrong; retrying it would not help (issue 28).
  const refused =
    talent.error instanceof ApiError && talent.error.status >= 400 && talent.error.status < 500 ? talent.error : null;
  const fieldErrors = refused?.fieldErrors ?? {};
  if (talent.error && !refused && !talent.isFetching) console.error(talent.error);

  // Enter in either box searches for both texts.
  const search = () => setFilter((f) => ({ ...f, query: text.trim(), location: place.trim() }));
  const toggleTag = (tag: Tag) =>
    setFilter((f) => ({ ...f, tags: f.tags.includes(tag) ? f.tags.filter((t) => t !== tag) : [...f.tags, tag] }));

  return (
    <Box>
      <Typography variant="h1" sx={{ mb: 0.5 }}>
        Find Talent
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Vetted developers, reviewed by our team before they can take work.
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' } }}>
        <SearchField
          label="Search"
          placeholder="Name, title, skill or city, then Enter"
          inputLabel="Search talent"
          error={fieldErrors.query}
          icon={<SearchIcon />}
          value={text}
          onValueChange={setText}
          onSearch={search}
        />
        <SearchField
          label="Location"
          placeholder="City or country, then Enter"
          error={fieldErrors.location}
          icon={<PlaceOutlinedIcon />}
          value={place}
          onValueChange={setPlace}
          onSearch={search}
        />
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, my: 2 }} role="group" aria-label="Quick tags">
        {QUICK_TAGS.map((tag) => {
          const on = filter.tags.includes(tag);
          return (
            <Chip
              key={tag}
              label={tag}
              clickable
              color={on ? 'primary' : 'default'}
              variant={on ? 'filled' : 'outlined'}
              onClick={() => toggleTag(tag)}
              aria-pressed={on}
              component="button"
            />
          );
        })}
        {searching && (
          <Button
            size="small"
            onClick={() => {
              setText('');
              setPlace('');
              setFilter({ query: '', tags: [], location: '' });
            }}
          >
            Clear
          </Button>
        )}
      </Box>
      <Typography variant="h2" sx={{ fontSize: '1.2rem', mb: 2 }}>
        {searching ? 'Results' : 'Featured'}
      </Typography>
      {talent.isPending ? (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)' } }}>
          {[0, 1, 2, 3, 4, 5].map((i) => (
            <Skeleton key={i} variant="rounded" height={150} />
          ))}
        </Box>
      ) : refused ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }} role="alert">
          <Typography sx={{ fontWeight: 600 }}>This search cannot be run.</Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {Object.entries(fieldErrors)
              .map(([field, msg]) => `${FIELD_NAMES[field] ?? field}: ${msg}`)
              .join(' ') ||
              refused.body?.msg ||
              refused.message}
          </Typography>
        </Paper>
      ) : talent.isError ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography sx={{ mb: 2 }}>Talent could not be loaded.</Typography>
          <Button variant="outlined" onClick={() => talent.refetch().catch(handleFailure)}>
            Try again
          </Button>
        </Paper>
      ) : users.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 5, textAlign: 'center' }}>
          <Typography variant="h3" sx={{ fontSize: '1.1rem' }}>
            No users found
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {filter.location && !filter.query && !filter.tags.length
              ? `No developers in “${filter.location}”. Try a country or a nearby city.`
              : 'Try another search, another location or fewer tags.'}
          </Typography>
        </Paper>
      ) : (
        <>
          {searching ? (
            <DeveloperGrid users={users} label="Developers" />
          ) : (
            <>
              {featured.length > 0 ? (
                <DeveloperGrid users={featured} label="Featured developers" />
              ) : (
                <Typography color="text.secondary">No featured developers right now.</Typography>
              )}
              {others.length > 0 && (
                <>
                  <Typography variant="h2" sx={{ fontSize: '1.2rem', mt: 4, mb: 2 }}>
                    Newest developers
                  </Typography>
                  <DeveloperGrid users={others} label="Developers" />
                </>
              )}
            </>
          )}
          {talent.hasNextPage && (
            <Box sx={{ textAlign: 'center', mt: 3 }}>
              <Button
                variant="outlined"
                onClick={() => void talent.fetchNextPage()}
                disabled={talent.isFetchingNextPage}
                startIcon={talent.isFetchingNextPage ? <CircularProgress size={16} /> : undefined}
              >
                Load More
              </Button>
            </Box>
          )}
        </>
      )}
    </Box>
  );
}

function DeveloperGrid({ users, label }: { users: PublicUser[]; label: string }) {
  return (
    <Box
      component="ul"
      aria-label={label}
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' },
      }}
    >
      {users.map((u) => (
        <li key={u.id}>
          <TalentCard user={u} />
        </li>
      ))}
    </Box>
  );
}
