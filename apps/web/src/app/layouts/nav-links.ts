import type { Me } from '@devmarket/contract';
import { paths } from '../paths';

/** The main navigation, shared by the top bar and the phone drawer (its own module: no import cycle). */
export type NavLink = { label: string; href: string; exact?: boolean };

/** Spec §2: links for everyone, plus Find Talent for clients and Find Projects for developers. */
export function navLinks(user: Me | null): NavLink[] {
  // A visitor who is not logged in gets Log in and Sign up instead (issue 28).
  if (!user) return [];
  const links: NavLink[] = [{ label: 'Dashboard', href: paths.home.href(), exact: true }];
  if (user?.type === 'Client') links.push({ label: 'Find Talent', href: paths.talent.href() });
  if (user?.type === 'Developer') links.push({ label: 'Find Projects', href: paths.projects.href() });
  links.push({ label: 'Messages', href: paths.messages.href() }, { label: 'Account', href: paths.account.href() });
  if (user?.isStaff) links.push({ label: 'Staff', href: paths.admin.href() });
  return links;
}

/** Dashboard is active only on exactly /; the others when the path contains their href. */
export function isLinkActive(link: NavLink, pathname: string): boolean {
  return link.exact ? pathname === link.href : pathname.includes(link.href);
}
