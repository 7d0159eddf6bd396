import { describe, expect, it } from 'vitest';
import { markdownToPlainText } from '../plain-text';

describe('markdownToPlainText (talent cards show plain text, issue 28)', () => {
  it('drops the markup and keeps the words', () => {
    expect(markdownToPlainText('I build **web apps** and _APIs_.')).toBe('I build web apps and APIs.');
    expect(markdownToPlainText('## About me\n\n- React\n- [Node](https://nodejs.org)\n\n> calm')).toBe(
      'About me React Node calm',
    );
    expect(markdownToPlainText('`npm test` ~~never~~ ![logo](x.png) <b>bold</b>')).toBe('npm test never logo bold');
    expect(markdownToPlainText('1. first\n2) second\n- [x] done')).toBe('first second done');
  });

  it('leaves words with underscores or stars inside alone', () => {
    expect(markdownToPlainText('snake_case_name and 2 * 3 = 6')).toBe('snake_case_name and 2 * 3 = 6');
  });
});
