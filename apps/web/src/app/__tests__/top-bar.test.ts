import type { Me } from '@devmarket/contract';
import { describe, expect, it } from 'vitest';
import { isLinkActive, navLinks } from '../layouts/nav-links';

const user = (type: 'Client' | 'Developer') => ({ type, isStaff: false }) as Me;

describe('top bar links (spec §2)', () => {
  it('clients see Find Talent, developers Find Projects', () => {
    expect(navLinks(user('Client')).map((l) => l.label)).toEqual(['Dashboard', 'Find Talent', 'Messages', 'Account']);
    expect(navLinks(user('Developer')).map((l) => l.label)).toEqual([
      'Dashboard',
      'Find Projects',
      'Messages',
      'Account',
    ]);
  });

  it('Dashboard is active only on exactly /, others when the path contains their href', () => {
    const [dashboard, , messages] = navLinks(user('Client'));
    expect(isLinkActive(dashboard, '/')).toBe(true);
    expect(isLinkActive(dashboard, '/messages')).toBe(false);
    expect(isLinkActive(messages, '/messages')).toBe(true);
    expect(isLinkActive(messages, '/x/messages/y')).toBe(true);
  });
});
