import type { Me, ProjectWithUsers, PublicUser, Task, TaskSummary } from '@devmarket/contract';

/** A signed-in user as GET /user returns it. */
export function makeMe(over: Partial<Me> = {}): Me {
  return {
    // The public part as makePublicUser's, made a client with no profile yet.
    ...makePublicUser({
      id: '11111111-1111-4111-8111-111111111111',
      type: 'Client',
      firstName: 'Clara',
      lastName: 'Client',
      username: null,
      title: null,
      location: null,
      tags: [],
      about: null,
      featured: false,
    }),
    email: 'clara@example.com',
    emailVerified: true,
    tos: true,
    isStaff: false,
    reviewStatus: 'approved',
    cachedBalance: '0',
    pendingTransactionID: null,
    twoFactorEnabled: false,
    withdrawalAllowListOnly: false,
    withdrawalsPausedUntil: null,
    ...over,
  };
}

/** A project as GET /projects/{handle} answers it: the owner and the given members. */
export function makeProject(owner: Me, members: Me[] = [], over: Partial<ProjectWithUsers> = {}): ProjectWithUsers {
  const person = (u: Me) => ({
    id: u.id,
    firstName: u.firstName,
    lastName: u.lastName,
    title: u.title,
    image: null,
    imageURL: null,
    username: u.username,
  });
  return {
    id: '22222222-2222-4222-8222-222222222222',
    handle: 'acme-app',
    key: 'ACME',
    name: 'Acme App',
    company: 'Acme',
    description: 'Build the Acme app',
    shortDescription: 'Build the Acme app',
    image: null,
    tags: '',
    ownerID: owner.id,
    visibility: 'Private',
    verified: null,
    featured: null,
    cachedTotalSpent: '0',
    cachedTotalReviews: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    users: [
      { userID: owner.id, role: 'Owner', user: person(owner) },
      ...members.map((m) => ({ userID: m.id, role: 'Admin' as const, user: person(m) })),
    ],
    ...over,
  };
}

/** An open dispute of a card (opened by u1, 'Not delivered'). */
export function openDispute(createdAt: string): NonNullable<TaskSummary['dispute']> {
  return {
    id: 'd',
    openedBy: 'u1',
    reason: 'Not delivered',
    status: 'Open',
    outcome: null,
    amount: null,
    createdAt,
    resolvedAt: null,
  };
}

/** A card on its own (unit tests of board helpers and chips): 'T-1', assigned to u1, in ToDo. */
export function taskCard(over: Partial<TaskSummary> = {}): TaskSummary {
  return {
    id: 'x',
    identifier: 'T-1',
    projectID: 'p',
    summary: 'A task',
    assigneeID: 'u1',
    price: null,
    dueDate: null,
    stage: 'ToDo',
    position: 'V',
    Assignee: null,
    reviewDeadline: null,
    dispute: null,
    ...over,
  };
}

/** A board card; `assignee` sets assigneeID and Assignee together. */
export function makeTask(
  project: ProjectWithUsers,
  n: number,
  over: Partial<TaskSummary> & { assignee?: Me | null } = {},
): TaskSummary {
  const { assignee, ...rest } = over;
  return {
    id: `33333333-3333-4333-8333-${String(n).padStart(12, '0')}`,
    identifier: `${project.key}-${n}`,
    projectID: project.id,
    summary: `Task number ${n}`,
    assigneeID: assignee?.id ?? null,
    price: null,
    dueDate: null,
    reviewDeadline: null,
    dispute: null,
    stage: assignee ? 'ToDo' : 'Unassigned',
    position: 'V',
    Assignee: assignee
      ? {
          id: assignee.id,
          firstName: assignee.firstName,
          lastName: assignee.lastName,
          image: null,
          imageURL: null,
          username: null,
        }
      : null,
    ...rest,
  };
}

/** The full task (GET /tasks/{id}) of a card. */
export function makeTaskDetails(card: TaskSummary, reporter: Me, over: Partial<Task> = {}): Task {
  return {
    ...card,
    description: '',
    name: 'Acme App',
    projectHandle: 'acme-app',
    Reporter: {
      id: reporter.id,
      firstName: reporter.firstName,
      lastName: reporter.lastName,
      image: null,
      imageURL: null,
      username: null,
    },
    Files: [],
    Activities: [],
    createdAt: '2026-01-01T00:00:00.000Z',
    ...over,
  };
}

/** A developer as the public user endpoints answer (About written in markdown). */
export const makePublicUser = (over: Partial<PublicUser> = {}): PublicUser => ({
  id: 'dddddddd-dddd-4ddd-8ddd-dddddddddddd',
  type: 'Developer',
  firstName: 'Aisha',
  lastName: 'Khan',
  username: 'aisha',
  title: 'Full-stack developer',
  description: null,
  location: 'Karachi',
  timezone: null,
  tags: ['React'],
  about: 'I build **web apps** with [React](https://react.dev) and _care_.',
  profile: null,
  image: null,
  imageURL: null,
  verified: true,
  cachedTasksCompleted: 0,
  endorsements: [],
  rating: { average: null, count: 0 },
  completedPaidTasks: 0,
  featured: true,
  github: null,
  linkedin: null,
  verifiedAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

/**
 * What /account asks for besides the section a test is about (notification settings, sessions,
 * withdrawal addresses, API tokens), answered empty: a test spreads it and overrides its own.
 */
export const accountPageApi = {
  'GET /user/notification-settings': () => ({ email: {} }),
  'GET /user/sessions': () => [],
  'GET /user/withdrawal-addresses': () => [],
  'GET /user/tokens': () => [],
};
