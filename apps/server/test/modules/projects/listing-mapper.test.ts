import { describe, expect, it } from 'vitest';
import type { ProjectRow } from '../../../src/db/schema/index';
import { toListing, toProject } from '../../../src/modules/projects/projects.mapper';

const row = (over: Partial<ProjectRow> = {}): ProjectRow =>
  ({
    id: '6f1c1c58-2f7e-4d8a-9a53-0d6a3c7f1e21',
    handle: 'acme-shop',
    key: 'ACME',
    name: 'Acme shop',
    company: 'Acme',
    description: '# Shop\n\nA **web** shop.',
    shortDescription: 'Shop A web shop.',
    image: null,
    tags: 'React,Node.js',
    tagKeys: ['node.js', 'react'],
    ownerId: '0b5c8f0e-8a63-4b6e-bf0d-3c1f7a8e9d10',
    visibility: 'Public',
    verifiedAt: new Date('2026-11-01T10:00:00.000Z'),
    featuredAt: null,
    cachedTotalSpent: 1_250_500_000n,
    cachedTotalReviews: 3,
    taskSeq: 12,
    createdAt: new Date('2026-10-01T08:30:00.000Z'),
    updatedAt: new Date('2026-11-02T08:30:00.000Z'),
    ...over,
  }) as ProjectRow;

describe('a listing card (toListing, written out field by field for speed)', () => {
  it("carries every field of toProject's project, unchanged, then the card's own", () => {
    const client = { rating: 4.5, reviews: 2, hires: 1, totalSpent: '10' } as unknown as Parameters<
      typeof toListing
    >[2];
    for (const p of [
      row(),
      row({ verifiedAt: null, featuredAt: new Date('2026-11-03T00:00:00.000Z'), image: 'x.png' }),
    ]) {
      const card = toListing(p, { budget: 25_000_000n, applicants: 4 }, client);
      const { excerpt, budget, applicants, client: standing, ...project } = card;
      expect(project).toEqual(toProject(p));
      expect({ excerpt, budget, applicants, standing }).toEqual({
        excerpt: p.shortDescription,
        budget: '25',
        applicants: 4,
        standing: client,
      });
    }
    expect(toListing(row(), undefined, client)).toMatchObject({ budget: '0', applicants: 0 });
  });
});
