import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LinkifiedText, linkParts } from './linkified-text';
import { Markdown } from './markdown';

describe('links in messages and comments (issue 28 point 10)', () => {
  it('makes http(s) and www. addresses in plain text links that open safely in a new tab', () => {
    render(
      <p>
        <LinkifiedText text={'See https://example.com/a?b=1, or www.devmarket.test.\nThanks'} />
      </p>,
    );
    const first = screen.getByRole('link', { name: 'https://example.com/a?b=1' });
    expect(first.getAttribute('href')).toBe('https://example.com/a?b=1');
    expect(first.getAttribute('target')).toBe('_blank');
    expect(first.getAttribute('rel')).toContain('noopener');
    expect(first.getAttribute('rel')).toContain('noreferrer');
    expect(screen.getByRole('link', { name: 'www.devmarket.test' }).getAttribute('href')).toBe(
      'https://www.devmarket.test',
    );
  });

  it('never links javascript:, data: or other schemes', () => {
    render(
      <p>
        <LinkifiedText text="javascript:alert(1) data:text/html,hi ftp://x.test mailto:a@b.test" />
      </p>,
    );
    expect(screen.queryAllByRole('link')).toHaveLength(0);
    expect(linkParts('javascript:alert(1)')).toEqual([{ text: 'javascript:alert(1)' }]);
  });

  it('keeps the text around the links as it was', () => {
    expect(linkParts('(at https://x.test/p).')).toEqual([
      { text: '(at ' },
      { text: 'https://x.test/p', href: 'https://x.test/p' },
      { text: ').' },
    ]);
  });

  it('comments (markdown) link bare addresses and [text](url) safely, and drop javascript: links', () => {
    render(
      <Markdown>{'Docs at https://example.com/docs and [here](https://x.test) [bad](javascript:alert(1))'}</Markdown>,
    );
    const bare = screen.getByRole('link', { name: 'https://example.com/docs' });
    expect(bare.getAttribute('target')).toBe('_blank');
    expect(bare.getAttribute('rel')).toContain('noopener');
    expect(bare.getAttribute('rel')).toContain('noreferrer');
    expect(screen.getByRole('link', { name: 'here' }).getAttribute('href')).toBe('https://x.test');
    const bad = screen.queryByRole('link', { name: 'bad' });
    expect(bad?.getAttribute('href') ?? '').not.toMatch(/javascript/i);
  });
});
