import { describe, expect, it } from 'vitest';
import { markdownToPlainText, truncateText, withoutLeadingTitle } from './plain-text.ts';

describe('markdownToPlainText', () => {
  it('drops markup and HTML and keeps the words', () => {
    expect(
      markdownToPlainText(
        '## Title\n\nSome **bold** and _soft_ [link](https://x.example) ![pic](p.png)\n\n- one\n- two\n\n<script>alert(1)</script>`code`',
      ),
    ).toBe('Title Some bold and soft link pic one two alert(1) code');
  });
});

describe('truncateText', () => {
  it('keeps short text and cuts long text at a word', () => {
    expect(truncateText('short')).toBe('short');
    const cut = truncateText('word '.repeat(60));
    expect(cut.length).toBeLessThanOrEqual(155);
    expect(cut.endsWith('word…')).toBe(true);
  });
});

describe('withoutLeadingTitle', () => {
  it('drops a first heading that repeats the title only', () => {
    expect(withoutLeadingTitle('## Miner\n\nMines.', 'Miner')).toBe('Mines.');
    expect(withoutLeadingTitle('## Features\n\nMines.', 'Miner')).toBe('## Features\n\nMines.');
  });
});
