import Avatar from '@mui/material/Avatar';

const GRADIENTS = [
  'linear-gradient(135deg, #3f51e0, #7b8cff)',
  'linear-gradient(135deg, #0f9d8a, #52d1b8)',
  'linear-gradient(135deg, #e0573f, #f5a36c)',
  'linear-gradient(135deg, #8e3fe0, #c38cff)',
  'linear-gradient(135deg, #d6336c, #f783ac)',
  'linear-gradient(135deg, #1c7ed6, #74c0fc)',
  'linear-gradient(135deg, #2b8a3e, #8ce99a)',
  'linear-gradient(135deg, #e67700, #ffd43b)',
];

/**
 * A project's picture. Values starting with a double underscore are generated avatars (spec §3):
 * a gradient chosen by the value with the name's initials; anything else is an image URL.
 */
export function ProjectAvatar({ name, image, size = 40 }: { name: string; image: string | null; size?: number }) {
  const initials =
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((w) => w[0]?.toUpperCase())
      .join('') || '?';
  if (image && !image.startsWith('__')) {
    return <Avatar variant="rounded" src={image} alt={name} sx={{ width: size, height: size }} />;
  }
  const n = Number(image?.match(/(\d+)$/)?.[1] ?? name.length) % GRADIENTS.length;
  // The gradient as the element's own style, not in `sx`: each value of `sx` is a class of its own,
  // computed in the browser the first time a page shows it; one class serves every project here
  // (and the build pre-renders it, src/prerender.tsx).
  return (
    <Avatar
      variant="rounded"
      aria-hidden
      style={{ background: GRADIENTS[n] }}
      sx={{ width: size, height: size, color: '#fff', fontWeight: 700, fontSize: size * 0.4 }}
    >
      {initials}
    </Avatar>
  );
}
