import Avatar from '@mui/material/Avatar';
import Tooltip from '@mui/material/Tooltip';
import { initials } from '../../../components/user-avatar';

type Person = { firstName: string; lastName: string; imageURL?: string | null };

export const fullName = (p: Person) => `${p.firstName} ${p.lastName}`.trim();

/** An avatar with the person's picture or initials; the name is its accessible label and tooltip. */
export function PersonAvatar({ person, size = 40 }: { person: Person; size?: number }) {
  const src = person.imageURL && !person.imageURL.startsWith('__') ? person.imageURL : undefined;
  return (
    <Tooltip title={fullName(person)}>
      <Avatar
        src={src}
        alt={fullName(person)}
        aria-label={fullName(person)}
        sx={{ width: size, height: size, fontSize: size * 0.4 }}
      >
        {initials(person)}
      </Avatar>
    </Tooltip>
  );
}
