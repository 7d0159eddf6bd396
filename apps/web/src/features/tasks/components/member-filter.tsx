import type { ProjectUser } from '@devmarket/contract';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Tooltip from '@mui/material/Tooltip';
import { fullName } from './person-avatar';

/** The quick filter by team member: avatar toggles, several at once (spec §2). */
export function MemberFilter({
  users,
  selected,
  onChange,
}: {
  users: ProjectUser[];
  selected: string[];
  onChange: (ids: string[]) => void;
}) {
  const toggle = (id: string) => onChange(selected.includes(id) ? selected.filter((x) => x !== id) : [...selected, id]);
  return (
    <Box role="group" aria-label="Filter by team member" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
      {users.map((u) => {
        const name = fullName(u.user);
        const on = selected.includes(u.userID);
        const src = u.user.imageURL && !u.user.imageURL.startsWith('__') ? u.user.imageURL : undefined;
        const shown = `${u.user.firstName[0] ?? ''}${u.user.lastName[0] ?? ''}`.toUpperCase();
        // The name holds the initials a person sees (WCAG 2.5.3, label in name) when no picture hides them.
        const label = src || !shown ? name : `${name} (${shown})`;
        return (
          <Tooltip key={u.userID} title={name}>
            <ButtonBase
              onClick={() => toggle(u.userID)}
              aria-pressed={on}
              aria-label={label}
              sx={{ borderRadius: '50%', outlineOffset: 2, '&:focus-visible': { outline: '2px solid' } }}
            >
              <Avatar
                src={src}
                alt=""
                sx={{
                  width: 34,
                  height: 34,
                  fontSize: 14,
                  border: 2,
                  borderColor: on ? 'primary.main' : 'background.paper',
                  opacity: selected.length === 0 || on ? 1 : 0.5,
                  transition: 'opacity 120ms, border-color 120ms',
                }}
              >
                {shown}
              </Avatar>
            </ButtonBase>
          </Tooltip>
        );
      })}
      {selected.length > 0 && (
        <Button size="small" onClick={() => onChange([])}>
          Clear
        </Button>
      )}
    </Box>
  );
}
