import { type ProjectListing, type ProjectSort, TAGS } from '@devmarket/contract';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import InputAdornment from '@mui/material/InputAdornment';
import InputLabel from '@mui/material/InputLabel';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import OutlinedInput from '@mui/material/OutlinedInput';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useDeferredValue, useState } from 'react';
import { paths } from '../../../app/paths';
import { PageHeading } from '../../../components/page-heading';
import { useDocumentTitle } from '../../../components/page-placeholder';
import { type ProjectListKind, useProjectList } from '../api/get-project-list';
import { useSearchProjects } from '../api/search-projects';
import { ProjectCard, ProjectCardSkeleton } from '../components/project-card';
import { DISCOVER_HEADING } from '../discover-heading';

type Filter = ProjectListKind | 'search';

/** /projects: Featured, Public, Verified and Search, a tag multi-select, Load More (spec §2). */
export default function DiscoverPage() {
  useDocumentTitle('Find Projects');
  const [filter, setFilter] = useState<Filter>('public');
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [tags, setTags] = useState<string[]>([]);
  const [sort, setSort] = useState<ProjectSort | ''>('');
  const sortBy = sort || undefined;

  const list = useProjectList(filter === 'search' ? 'public' : filter, tags, sortBy, filter !== 'search');
  const search = useSearchProjects(query, tags, sortBy, filter === 'search');

  // Leaving Search for a list drops the search words: they no longer apply and would only confuse.
  const chooseFilter = (next: Filter) => {
    if (next !== 'search') {
      setText('');
      setQuery('');
    }
    setFilter(next);
  };

  const projects: ProjectListing[] =
    filter === 'search' ? (search.data ?? []) : (list.data?.pages.flatMap((p) => p.projects) ?? []);
  const loading = filter === 'search' ? search.isPending : list.isPending;
  const failed = filter === 'search' ? search.isError : list.isError;
  // The cards' first draw, as the board's columns (tasks/components/board-view.tsx): from this
  // deferred flag it is a transition React pauses every few milliseconds, not one long task on
  // the data's arrival (issue 33: total blocking time). The skeleton stays meanwhile; the build's
  // render draws the cards for their styles (src/prerender.tsx).
  const cardsShown = useDeferredValue(!loading, typeof window === 'undefined' && !loading);

  return (
    <Box>
      <PageHeading {...DISCOVER_HEADING} />

      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 3, alignItems: { md: 'center' } }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          color="primary"
          value={filter}
          onChange={(_e, v: Filter | null) => v && chooseFilter(v)}
          aria-label="Project filter"
          sx={{ flexShrink: 0, overflowX: 'auto' }}
        >
          <ToggleButton value="featured">Featured</ToggleButton>
          <ToggleButton value="public">Public</ToggleButton>
          <ToggleButton value="verified">Verified</ToggleButton>
          <ToggleButton value="search">Search</ToggleButton>
        </ToggleButtonGroup>
        <TextField
          size="small"
          label="Search"
          placeholder="Name, company, skills…"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              setQuery(text.trim());
              setFilter('search');
            }
          }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <FormControl size="small" sx={{ minWidth: 200, flexShrink: 0 }}>
          <InputLabel id="tags-label">Tags</InputLabel>
          <Select
            labelId="tags-label"
            multiple
            value={tags}
            onChange={(e) => setTags(typeof e.target.value === 'string' ? e.target.value.split(',') : e.target.value)}
            input={<OutlinedInput label="Tags" />}
            renderValue={(selected) => selected.join(', ')}
          >
            {TAGS.map((t) => (
              <MenuItem key={t} value={t}>
                <Checkbox size="small" checked={tags.includes(t)} />
                <ListItemText primary={t} />
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <FormControl size="small" sx={{ minWidth: 160, flexShrink: 0 }}>
          <InputLabel id="sort-label">Sort</InputLabel>
          <Select
            labelId="sort-label"
            value={sort}
            label="Sort"
            onChange={(e) => setSort(e.target.value as ProjectSort | '')}
          >
            <MenuItem value="">{filter === 'search' ? 'Best match' : 'Default'}</MenuItem>
            <MenuItem value="newest">Newest</MenuItem>
            <MenuItem value="budget">Highest budget</MenuItem>
          </Select>
        </FormControl>
      </Stack>

      {loading || !cardsShown ? (
        <CardGrid>
          {Array.from({ length: 6 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
            <ProjectCardSkeleton key={i} />
          ))}
        </CardGrid>
      ) : failed ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography>Projects could not be loaded. Try again in a moment.</Typography>
        </Paper>
      ) : projects.length === 0 ? (
        <Paper variant="outlined" sx={{ p: { xs: 3, md: 6 }, textAlign: 'center' }}>
          <Typography variant="h3" component="h2" sx={{ mb: 1 }}>
            No projects found
          </Typography>
          <Typography color="text.secondary">{emptyReason(filter, query, tags)}</Typography>
          {tags.length > 0 && (
            <Button sx={{ mt: 2 }} variant="outlined" onClick={() => setTags([])}>
              Clear tags
            </Button>
          )}
        </Paper>
      ) : (
        <CardGrid>
          {projects.map((p) => (
            <ProjectCard key={p.id} project={p} to={paths.projectDetails.href(p.handle)} />
          ))}
        </CardGrid>
      )}

      {filter !== 'search' && list.hasNextPage && (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 3 }}>
          <Button variant="outlined" onClick={() => list.fetchNextPage()} loading={list.isFetchingNextPage}>
            Load More
          </Button>
        </Box>
      )}
    </Box>
  );
}

const LIST_NAMES: Record<ProjectListKind, string> = { featured: 'featured', public: 'public', verified: 'verified' };

/** Says which filter empties the list: the tags, the search words, or the list itself. */
function emptyReason(filter: Filter, query: string, tags: string[]): string {
  const tagText = tags.join(', ');
  if (filter === 'search') {
    if (query && tags.length)
      return `No projects match “${query}” with the tags ${tagText}. Remove a tag or try other words.`;
    if (tags.length) return `No public projects are tagged ${tagText}. Remove a tag to see more.`;
    return query ? `No projects match “${query}”. Try other words.` : 'Type words to search projects.';
  }
  const list = LIST_NAMES[filter];
  if (tags.length) return `No ${list} projects are tagged ${tagText}. Remove a tag to see more.`;
  return filter === 'featured'
    ? 'No featured projects right now. Browse all public projects instead.'
    : `No ${list} projects yet.`;
}

function CardGrid({ children }: { children: React.ReactNode }) {
  return (
    <Box
      component="section"
      aria-label="Projects"
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' } }}
    >
      {children}
    </Box>
  );
}
