/**
 * The words of the demo marketplace (`seed-demo`): written per project, task and person so that no
 * line repeats across the site (issue 28.16: boilerplate repeated on every task read as fake).
 */

export const CLIENTS = [
  ['Clara', 'Jensen', 'Copenhagen, Denmark', 'Nordic Goods'],
  ['Marcus', 'Okafor', 'Lagos, Nigeria', 'PayBridge'],
  ['Sofia', 'Marquez', 'Madrid, Spain', 'Viaje Travel'],
  ['Hiro', 'Tanaka', 'Osaka, Japan', 'Kumo Health'],
  ['Emma', 'Schulz', 'Berlin, Germany', 'Greenline Energy'],
  ['Daniel', 'Reyes', 'Austin, USA', 'Fieldwork Labs'],
] as const;

/** first, last, title, location, tags, about (one line of their own). */
export const DEVELOPERS: [string, string, string, string, string[], string][] = [
  [
    'Aisha',
    'Khan',
    'Senior React engineer',
    'Karachi, Pakistan',
    ['React', 'Node', 'AWS'],
    'Nine years of React, most of them on checkout and payments screens.',
  ],
  [
    'Lukas',
    'Novak',
    'Backend engineer, Node and PostgreSQL',
    'Prague, Czechia',
    ['Node', 'Express', 'PostgreSQL'],
    'I like boring, well-indexed databases and APIs that say exactly what went wrong.',
  ],
  [
    'Mei',
    'Chen',
    'Full-stack developer',
    'Taipei, Taiwan',
    ['Vue', 'Node', 'MongoDB'],
    'Former agency developer; I ship small increments and demo them every Friday.',
  ],
  [
    'Tomás',
    'Silva',
    'DevOps and Kubernetes specialist',
    'Lisbon, Portugal',
    ['Kubernetes', 'Docker', 'GCP'],
    'Moved 40+ services onto Kubernetes without a weekend outage.',
  ],
  [
    'Grace',
    'Mensah',
    'Cloud architect',
    'Accra, Ghana',
    ['AWS', 'Azure', 'Docker'],
    'Cost reviews, landing zones and the runbooks nobody else wants to write.',
  ],
  [
    'Ivan',
    'Petrov',
    'Data engineer',
    'Sofia, Bulgaria',
    ['PostgreSQL', 'MySQL', 'GCP'],
    'Pipelines that re-run safely, and dashboards finance actually trusts.',
  ],
  [
    'Nora',
    'Lindqvist',
    'Front-end engineer, design systems',
    'Stockholm, Sweden',
    ['React', 'Vue'],
    'Accessibility first: I test every component with a screen reader.',
  ],
  [
    'Ravi',
    'Sharma',
    'Mobile and web developer',
    'Bangalore, India',
    ['React', 'Node', 'MongoDB'],
    'Offline-first apps for field teams with patchy networks.',
  ],
  [
    'Chloé',
    'Dubois',
    'Node.js API developer',
    'Lyon, France',
    ['Node', 'Express', 'Docker'],
    'Webhooks, idempotency keys and API docs that match the code.',
  ],
  [
    'Samuel',
    'Adeyemi',
    'Site reliability engineer',
    'Nairobi, Kenya',
    ['Kubernetes', 'AWS', 'PostgreSQL'],
    'On-call veteran; I turn alerts into fixes and fixes into tests.',
  ],
  [
    'Yuki',
    'Sato',
    'Vue and TypeScript developer',
    'Tokyo, Japan',
    ['Vue', 'Node'],
    'Type-safe front ends and the occasional Vue 2 to 3 migration.',
  ],
  [
    'Olivia',
    'Brown',
    'Full-stack engineer, payments',
    'Toronto, Canada',
    ['React', 'PostgreSQL', 'Azure'],
    'Reconciliation, refunds and the edge cases of money in software.',
  ],
];

type DemoTask = [summary: string, description: string];

export type DemoProject = {
  name: string;
  tags: string;
  summary: string;
  /** Who the client is and why now: one paragraph of its own. */
  context: string;
  /** How the team works with developers: one sentence of its own. */
  working: string;
  tasks: DemoTask[];
};

export const PROJECTS: DemoProject[] = [
  {
    name: 'Storefront Rebuild',
    tags: 'React,Node',
    summary: 'Rebuild our online store in React with a fast, accessible checkout.',
    context: 'Our Magento shop is eight years old and half our traffic is on phones, where checkout takes 9 seconds.',
    working: 'Clara reviews pull requests every morning (Copenhagen time) and pays on merge.',
    tasks: [
      [
        'Product listing page',
        'Grid of products with filters for size, colour and price; server-rendered so the first page shows in under a second on 4G.',
      ],
      [
        'Checkout flow',
        'Three steps (address, delivery, payment) that keep what was typed when the customer goes back. Guest checkout must stay possible.',
      ],
      [
        'Cart persistence',
        'Keep the cart for 30 days across devices once the customer signs in; merge a guest cart into the account cart without duplicates.',
      ],
      [
        'Payment provider integration',
        'Adyen drop-in with 3-D Secure; failed payments return to the payment step with the reason shown.',
      ],
      [
        'Order confirmation e-mails',
        'MJML templates in Danish and English with the order lines, delivery window and a link to track the parcel.',
      ],
    ],
  },
  {
    name: 'Mobile Payments API',
    tags: 'Node,Express,PostgreSQL',
    summary: 'A REST API for peer-to-peer mobile payments across West Africa.',
    context:
      'PayBridge moves about 40,000 small transfers a day between Nigeria and Ghana, today through a spreadsheet-driven back office.',
    working: 'We pair for an hour on Tuesdays and keep everything else in the task comments.',
    tasks: [
      [
        'Wallet ledger schema',
        'Double-entry tables for wallets in NGN and GHS, with a check that every journal balances to zero.',
      ],
      ['Transfer endpoint', 'POST /transfers with an idempotency key; a retried request must never move money twice.'],
      [
        'Webhook signatures',
        'HMAC-SHA256 over the raw body with a timestamp, and a helper partners can copy into their code.',
      ],
      ['Rate limiting', 'Per-wallet and per-IP limits in Redis; the 429 says when to retry.'],
      [
        'Reconciliation report',
        'A nightly CSV comparing our ledger with the mobile-money operator statements, differences listed first.',
      ],
    ],
  },
  {
    name: 'Trip Planner',
    tags: 'Vue,Node,MongoDB',
    summary: 'An itinerary planner where travellers drag activities onto a day-by-day timeline.',
    context: 'Viaje Travel sells tailored trips to Spain and Portugal; agents still build itineraries in Word.',
    working: 'Sofia writes a short Loom for each task and answers questions within a day.',
    tasks: [
      [
        'Timeline drag and drop',
        'Drag activities between days and times; overlapping activities are shown side by side, never hidden.',
      ],
      ['Hotel search', 'Search our 600 partner hotels by town and dates, showing only rooms we can actually confirm.'],
      [
        'Share itinerary link',
        'A read-only link for the traveller that works without an account and expires after the trip.',
      ],
      ['Offline mode', 'The traveller’s itinerary, maps and tickets stay readable on the phone with no signal.'],
      ['Map view', 'Each day on a map with walking times between stops; clicking a pin opens the activity.'],
    ],
  },
  {
    name: 'Patient Portal',
    tags: 'React,AWS',
    summary: 'A secure portal where patients book appointments and read their results.',
    context: 'Kumo Health runs six clinics around Osaka; the phone line is busy from 8:30 every morning.',
    working: 'Anything touching patient data is reviewed by our security lead before it is merged.',
    tasks: [
      [
        'Appointment booking',
        'Free slots per clinic and doctor, booked in two taps; a booking is held for five minutes while the patient confirms.',
      ],
      [
        'Results viewer',
        'Lab results with reference ranges and the doctor’s note; values outside the range are marked, not just coloured.',
      ],
      [
        'Two-factor login',
        'TOTP or SMS codes, with recovery codes shown once; staff can reset a patient’s second factor after an ID check.',
      ],
      ['Audit log', 'Who opened which record and when, kept for seven years and exportable for the regulator.'],
      [
        'Accessibility review',
        'WCAG 2.2 AA on booking and results, checked with VoiceOver and NVDA; issues fixed, not only listed.',
      ],
    ],
  },
  {
    name: 'Solar Monitoring Dashboard',
    tags: 'Vue,GCP,PostgreSQL',
    summary: 'Live charts of output and faults from 2,000 rooftop installations.',
    context: 'Greenline installs rooftop solar for schools and farms; inverters report every five minutes.',
    working: 'Emma prefers small pull requests and a short screen recording of anything visual.',
    tasks: [
      [
        'Time-series ingestion',
        'Load inverter readings from Pub/Sub into partitioned tables; late readings must land in the right hour.',
      ],
      [
        'Fault alerts',
        'Alert the site’s technician when output drops below 60 % of the forecast for an hour of daylight.',
      ],
      ['Site overview map', 'All installations on one map, coloured by today’s yield against forecast.'],
      ['CSV export', 'Export any chart’s data for a chosen period, in the site’s local time.'],
      ['Role-based access', 'Owners see their sites, technicians their region, staff everything.'],
    ],
  },
  {
    name: 'Field Survey App',
    tags: 'React,Node,MongoDB',
    summary: 'Collect survey answers offline and sync them when back online.',
    context: 'Fieldwork Labs runs agricultural surveys in Texas and Mexico, often hours from any signal.',
    working: 'We test every build on a five-year-old Android phone before calling it done.',
    tasks: [
      [
        'Form builder',
        'Researchers build forms with skip logic and required fields, and preview them as a surveyor would.',
      ],
      [
        'Offline sync',
        'Answers queue on the device and sync in order when online; a conflict keeps both versions for review.',
      ],
      [
        'Photo upload',
        'Photos are resized on the device and uploaded in the background with the GPS point they were taken at.',
      ],
      ['Admin dashboard', 'Progress per region and surveyor, with the answers of the last 24 hours.'],
      ['Data export', 'Export a survey’s answers to CSV and GeoJSON, one row per response.'],
    ],
  },
  {
    name: 'Kubernetes Migration',
    tags: 'Kubernetes,Docker,GCP',
    summary: 'Move eleven services from VMs to a managed Kubernetes cluster.',
    context: 'PayBridge’s services run on hand-built VMs; a bad deploy last spring took transfers down for two hours.',
    working: 'Changes go through a staging cluster first, and every step has a written way back.',
    tasks: [
      ['Helm charts', 'One chart per service with sane resource requests, probes and a PodDisruptionBudget.'],
      [
        'CI pipeline',
        'Build, scan and push images on every merge; deploy to staging automatically and to production on approval.',
      ],
      [
        'Secrets management',
        'Secrets from Google Secret Manager through the CSI driver; nothing sensitive in the repo or the charts.',
      ],
      ['Blue-green deploys', 'Switch traffic between two versions with one command and switch back in under a minute.'],
      ['Load testing', 'k6 scenarios at twice our peak; report p95 latency and error rate per service.'],
    ],
  },
  {
    name: 'Loyalty Program',
    tags: 'React,Express,MySQL',
    summary: 'Points, tiers and rewards for a chain of 40 coffee shops.',
    context: 'Nordic Goods also runs a coffee chain; the paper stamp cards are being retired this winter.',
    working: 'Baristas try each release in one shop for a week before it goes to all 40.',
    tasks: [
      ['Points engine', 'One point per 10 DKK, doubled on Tuesdays; points expire after a year without a visit.'],
      [
        'Reward catalogue',
        'Rewards with stock per shop; a reward that is out of stock is shown but cannot be redeemed.',
      ],
      ['Staff app', 'Scan a member’s QR code at the till, add points and redeem rewards in under five seconds.'],
      ['Tier upgrades', 'Silver at 500 points a year and Gold at 1,500, with an e-mail the day a member moves up.'],
      ['Monthly statements', 'A short e-mail each month with points earned, spent and about to expire.'],
    ],
  },
  {
    name: 'Booking Widget',
    tags: 'Vue,Node',
    summary: 'An embeddable booking widget for tour operators.',
    context: 'Viaje’s partner guides want to take bookings on their own sites without building a shop.',
    working: 'Each task ends with the widget embedded on a test page we can click through.',
    tasks: [
      ['Availability calendar', 'Tours and free places by day; sold-out days stay visible but greyed out.'],
      [
        'Embed script',
        'One script tag that renders the widget in a shadow root, so the host site’s CSS cannot break it.',
      ],
      ['Stripe checkout', 'Pay a deposit or the full price; the place is held until the payment succeeds or fails.'],
      ['Reminder e-mails', 'A reminder two days before the tour with the meeting point and the guide’s phone number.'],
      [
        'Analytics events',
        'Widget opened, date chosen, checkout started and booked, sent to the operator’s own analytics.',
      ],
    ],
  },
  {
    name: 'Energy Tariff Comparison',
    tags: 'React,Azure',
    summary: 'Help households compare tariffs with their real usage data.',
    context:
      'Greenline wants customers to see, with their own meter data, whether a time-of-use tariff would save them money.',
    working: 'Every figure on screen must be reproducible from the raw meter readings; we check them in review.',
    tasks: [
      [
        'Usage import',
        'Import half-hourly readings from the smart meter portal or an uploaded CSV, with gaps reported.',
      ],
      [
        'Tariff engine',
        'Price a year of readings under flat, time-of-use and dynamic tariffs, including standing charges.',
      ],
      ['Comparison page', 'The three tariffs side by side with the yearly cost and the months that differ most.'],
      ['Switch flow', 'Request a switch in three steps; the current supplier’s exit fee is shown before confirming.'],
      ['Savings report', 'A PDF the customer can keep, with the assumptions written out in plain words.'],
    ],
  },
  {
    name: 'Telehealth Video Visits',
    tags: 'React,Node,AWS',
    summary: 'Video consultations with waiting rooms and visit notes.',
    context:
      'Kumo Health’s doctors started video visits during the pandemic on a consumer app; it is time for our own.',
    working: 'We test calls between Osaka and a developer’s home network before any release.',
    tasks: [
      [
        'Waiting room',
        'Patients wait with their camera preview and see their place in the queue; the doctor admits them.',
      ],
      ['Video call', 'WebRTC through Amazon Chime with a fallback to audio when the bandwidth drops.'],
      ['Visit notes', 'The doctor writes notes during the call; the patient sees the summary afterwards.'],
      ['Prescription PDF', 'Signed PDF prescriptions the patient can show at any pharmacy.'],
      [
        'Call quality metrics',
        'Packet loss, jitter and resolution per call, so support can tell a network issue from a bug.',
      ],
    ],
  },
  {
    name: 'Warehouse Inventory',
    tags: 'Node,PostgreSQL,Docker',
    summary: 'Barcode-driven stock tracking for three warehouses.',
    context: 'Nordic Goods ships from Aarhus, Malmö and Oslo; stock counts disagree with the shop by 3 % every month.',
    working: 'Warehouse leads test on the floor with real scanners each Thursday.',
    tasks: [
      [
        'Barcode scanning',
        'Scan EAN-13 and our own shelf labels with Zebra handhelds; a wrong scan beeps and says why.',
      ],
      ['Stock levels', 'Stock per item, shelf and warehouse, updated the moment a scan is saved.'],
      ['Transfers', 'Move stock between warehouses with a document that both sides sign off on arrival.'],
      ['Low-stock alerts', 'Alert the buyer when an item falls below its reorder point, once, not on every sale.'],
      ['Cycle counts', 'Count a few shelves every day instead of closing for a yearly stocktake.'],
    ],
  },
  {
    name: 'Community Forum',
    tags: 'Vue,Express,MongoDB',
    summary: 'A moderated forum for our customers with search and badges.',
    context:
      'Fieldwork Labs’ survey customers keep asking each other questions by e-mail; we want those answers public.',
    working: 'Daniel answers questions in the task thread the same day, usually within an hour.',
    tasks: [
      ['Thread list', 'Latest and unanswered threads per category, with the accepted answer marked.'],
      ['Search', 'Full-text search over titles and posts, typo-tolerant, newest matches first on ties.'],
      ['Moderation queue', 'Flagged posts wait for a moderator; a post flagged three times is hidden until reviewed.'],
      ['Badges', 'Badges for first answer, ten accepted answers and a year of membership.'],
      ['E-mail digests', 'A weekly digest of the threads a member follows, skipped when there is nothing new.'],
    ],
  },
  {
    name: 'Analytics Pipeline',
    tags: 'GCP,PostgreSQL',
    summary: 'Daily pipelines from our product events into a reporting warehouse.',
    context: 'Our product events land in Cloud Storage as JSON lines, and nobody trusts the numbers built from them.',
    working: 'Each pipeline gets a data-quality test before it gets a dashboard.',
    tasks: [
      ['Event schema', 'A versioned schema for our 40 event types, with the old versions still readable.'],
      [
        'Ingestion job',
        'Load yesterday’s events into BigQuery and PostgreSQL; a re-run replaces the day, never doubles it.',
      ],
      ['Daily aggregates', 'Active users, surveys completed and sync failures per customer per day.'],
      ['Dashboard', 'Looker Studio dashboard for the customer success team, refreshed at 06:00 Austin time.'],
      [
        'Data quality checks',
        'Row counts, null rates and late-arriving data checked daily, with a Slack message when one fails.',
      ],
    ],
  },
  {
    name: 'Recruiting Portal',
    tags: 'React,Node,Azure',
    summary: 'Job postings, applications and interview scheduling in one place.',
    context: 'PayBridge is hiring 30 people this year and has lost candidates in a shared inbox.',
    working: 'The portal stays private until our HR lead signs off on the candidate experience.',
    tasks: [
      ['Job board', 'Open roles by team and city, each with salary range and the interview steps.'],
      ['Application form', 'CV upload and four questions per role; candidates get a receipt by e-mail.'],
      ['Interview scheduler', 'Candidates pick from interviewers’ free slots in Outlook; a Teams link is added.'],
      ['Candidate pipeline', 'A board of candidates per role, moved between stages with a note.'],
      ['Offer letters', 'Generate an offer letter from a template and collect the signature online.'],
    ],
  },
];

/** Which client (index into CLIENTS) owns each project: a project reads as its company's own. */
export const PROJECT_CLIENT: Record<string, number> = {
  'Storefront Rebuild': 0,
  'Mobile Payments API': 1,
  'Trip Planner': 2,
  'Patient Portal': 3,
  'Solar Monitoring Dashboard': 4,
  'Field Survey App': 5,
  'Kubernetes Migration': 1,
  'Loyalty Program': 0,
  'Booking Widget': 2,
  'Energy Tariff Comparison': 4,
  'Telehealth Video Visits': 3,
  'Warehouse Inventory': 0,
  'Community Forum': 5,
  'Analytics Pipeline': 5,
  'Recruiting Portal': 1,
};

export const OWNER_REVIEWS = [
  'Delivered ahead of schedule with tests and clear notes.',
  'Great communication; the change shipped without a hitch.',
  'Asked the right questions early and saved us a rewrite.',
  'Careful work. Found two bugs of ours along the way and fixed them too.',
  'Exactly what we asked for, plus a short handover video.',
  'Solid, though the first version missed the mobile layout; fixed the same day.',
  'Would hire again tomorrow. Our team learned a lot from the pull request.',
  'Quick, tidy and well documented.',
];

export const DEVELOPER_REVIEWS = [
  'Clear brief and quick feedback. Paid promptly.',
  'Well-organised client, a pleasure to work with.',
  'Good access to the people who knew the system.',
  'Requirements changed once, but the client said so early and adjusted the scope.',
  'Fast reviews and fair about what was in scope.',
];

/** Application letters: each names something of the project (filled per project). */
export const APPLICATION_LETTERS: ((p: { owner: string; task: string; tag: string; project: string }) => string)[] = [
  (p) =>
    `Hi ${p.owner}, I have shipped two ${p.tag} projects like this one and could start on ${p.task.toLowerCase()} next week.`,
  (p) =>
    `Hello! ${p.project} sounds close to what I built for a client last year. Happy to do a paid trial task first.`,
  (p) =>
    `I read the brief twice. I would begin with ${p.task.toLowerCase()}: I have a few questions about it I can send over.`,
  (p) => `${p.owner}, I work in ${p.tag} every day and I am free for about 20 hours a week from Monday.`,
];

/** Opening conversations between clients and developers, one of their own each. */
export const CONVERSATIONS: [string, string, string][] = [
  [
    'Hi, I saw your checkout work on GitHub. Do you have time for a small React job this month?',
    'I do, from the 12th. Is it the storefront project? I have read the brief.',
    'Yes. I will add you to the board tonight.',
  ],
  [
    'Your reconciliation experience is exactly what we need. Could we talk on Thursday?',
    'Thursday works, 15:00 Lagos time?',
    'Perfect, sending an invite now.',
  ],
  [
    'We are moving our itineraries to a new planner. Have you worked with drag and drop timelines?',
    'Twice, once with Vue Draggable and once from scratch. Happy to show both.',
    'Great, the second sounds like what we need.',
  ],
  [
    'Would you review our Kubernetes plan before we start? Paid, of course.',
    'Sure. Send it over and I will reply with comments by Friday.',
    'Attached. Thank you!',
  ],
  [
    'The meter import keeps failing on files with gaps. Could you take a look?',
    'Probably the half-hour parsing. Can you share one file?',
    'Shared in the task. It is the February one.',
  ],
  [
    'We liked your forum proposal. Could you start with search?',
    'Yes. I would use PostgreSQL full-text first and see if it is enough.',
    'Agreed, keep it simple.',
  ],
];

/**
 * Prices in USDT as people set them: mostly round, sometimes exact figures from a quote, never a
 * sequence. Picked per task by the seeded generator (all at least MIN_REPUTATION_PRICE's default).
 */
export const PRICE_POOL = [
  45, 60, 75, 80, 90, 110, 120, 135, 140, 150, 175, 180, 200, 220, 240, 250, 275, 300, 320, 350, 380, 400, 420, 450,
  480, 500, 550, 600, 640, 700, 750, 800, 850, 900, 950, 1000, 1100, 1200, 1250, 1400, 1500, 1750, 2200, 62.5, 87.5,
  137.5, 312.5, 99, 149, 199, 265, 335, 415, 565, 690, 1180,
];
