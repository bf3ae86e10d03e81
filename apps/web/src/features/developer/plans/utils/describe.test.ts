import { PLAN_DESCRIPTION_CUT } from '@ember/contracts/constants';
import { markdownToPlainText } from '@ember/contracts/plain-text';
import { describe, expect, it } from 'vitest';
import { cutDescription, withoutLeadingTitle } from './describe.ts';

describe('cutDescription (spec §9: 200 characters in the dashboard, still markdown)', () => {
  it('keeps a short description whole, markup and all', () => {
    expect(cutDescription('## Agility\n\n**Fast** laps.')).toBe('## Agility\n\n**Fast** laps.');
  });

  it('cuts a long one at a word within 200 characters of text, closing the bold it leaves open', () => {
    const long = `**${'Runs every rooftop course '.repeat(12)}**`;
    const cut = cutDescription(long);
    expect(cut.startsWith('**Runs every rooftop')).toBe(true);
    expect(cut.endsWith('…**')).toBe(true);
    expect(markdownToPlainText(cut).length).toBeLessThanOrEqual(PLAN_DESCRIPTION_CUT + 1);
    expect(markdownToPlainText(cut).length).toBeGreaterThan(150);
  });

  it('never cuts inside a link', () => {
    const text = `${'word '.repeat(38)}[the forum thread with every detail](https://forum.example/t/1) and more text after it.`;
    const cut = cutDescription(text);
    expect(cut).not.toContain('[the forum');
    expect(cut.endsWith('word…')).toBe(true);
  });
});

describe('withoutLeadingTitle (a plan row already names the plan)', () => {
  it('drops a first heading that says the plan name, in any level, case or markup', () => {
    expect(withoutLeadingTitle('## Agility\n\nFast laps.', 'Agility')).toBe('Fast laps.');
    expect(withoutLeadingTitle('# **agility** #\nFast laps.', 'Agility')).toBe('Fast laps.');
    expect(withoutLeadingTitle('Agility\n=======\n\nFast laps.', 'Agility')).toBe('Fast laps.');
  });

  it('keeps a heading that says something else, and a first line that is not a heading', () => {
    expect(withoutLeadingTitle('## Features\n\nFast laps.', 'Agility')).toBe('## Features\n\nFast laps.');
    expect(withoutLeadingTitle('Agility is fast.\n\n## Agility', 'Agility')).toBe(
      'Agility is fast.\n\n## Agility',
    );
  });
});
