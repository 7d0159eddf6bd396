import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeMe, makeProject } from '../../../testing/fixtures';
import { MemberFilter } from './member-filter';

const owner = makeMe({ firstName: 'Ada', lastName: 'Lovelace' });
const member = makeMe({ id: '44444444-4444-4444-8444-444444444444', firstName: 'Grace', lastName: 'Hopper' });
const project = makeProject(owner, [member]);
const users = project.users.map((u) =>
  u.userID === member.id ? { ...u, user: { ...u.user, imageURL: '/api/v1/users/images/grace.png' } } : u,
);

describe('the team member filter', () => {
  it('names each toggle by the person, with the initials it shows (label in name), and toggles it', () => {
    const onChange = vi.fn();
    render(<MemberFilter users={users} selected={[]} onChange={onChange} />);
    // Initials on screen: they are part of the name. A picture shows no text: the name alone.
    const ada = screen.getByRole('button', { name: 'Ada Lovelace (AL)' });
    expect(ada.textContent).toBe('AL');
    expect(screen.getByRole('button', { name: 'Grace Hopper' }).getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(ada);
    expect(onChange).toHaveBeenCalledWith([owner.id]);
  });
});
