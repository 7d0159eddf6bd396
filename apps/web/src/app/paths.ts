/** Every route of spec §2 in one table, with builders for links. */
export const paths = {
  home: { path: '/', href: () => '/' },
  login: {
    path: '/login',
    href: (redirect?: string) => (redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login'),
  },
  signUp: { path: '/sign-up', href: () => '/sign-up' },
  signUpDeveloper: { path: '/sign-up/developer', href: () => '/sign-up/developer' },
  forgotPassword: { path: '/forgot-password', href: () => '/forgot-password' },
  resetPassword: { path: '/reset-password', href: () => '/reset-password' },
  logout: { path: '/logout', href: () => '/logout' },
  projects: { path: '/projects', href: () => '/projects' },
  talent: { path: '/talent', href: () => '/talent' },
  developer: { path: '/dev/:username', href: (username: string) => `/dev/${encodeURIComponent(username)}` },
  account: { path: '/account', href: () => '/account' },
  finances: { path: '/finances', href: () => '/finances' },
  deposit: { path: '/finances/deposit', href: () => '/finances/deposit' },
  withdraw: { path: '/finances/withdraw', href: () => '/finances/withdraw' },
  transaction: { path: '/transaction/:transactionID', href: (id: string) => `/transaction/${id}` },
  messages: {
    path: '/messages',
    href: (threadID?: string) => (threadID ? `/messages?threadID=${encodeURIComponent(threadID)}` : '/messages'),
  },
  newProject: { path: '/project/new', href: () => '/project/new' },
  projectDetails: { path: '/project/:projectHandle/details', href: (handle: string) => `/project/${handle}/details` },
  project: { path: '/project/:projectHandle', href: (handle: string) => `/project/${handle}` },
  projectById: { path: '/projects/id/:projectID', href: (id: string) => `/projects/id/${id}` },
  task: { path: '/task/:taskIdentifier', href: (identifier: string) => `/task/${identifier}` },
  /** The task page with its review dialog open (links from the dashboard and the task.paid notification). */
  taskReview: { path: '/task/:taskIdentifier', href: (identifier: string) => `/task/${identifier}?review=1` },
  admin: { path: '/admin', href: () => '/admin' },
  notifications: { path: '/notifications', href: () => '/notifications' },
  terms: { path: '/terms', href: () => '/terms' },
  privacy: { path: '/privacy', href: () => '/privacy' },
  status: { path: '/status', href: () => '/status' },
  /** Proof of liabilities (DESIGN §15), linked from the footer. */
  solvency: { path: '/solvency', href: () => '/solvency' },
} as const;

/** The key under which the workspace remembers its chosen view (spec §2). */
export const PROJECT_VIEW_KEY = 'project-view';
