import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import Markdown from './markdown.tsx';

describe('Markdown', () => {
  it('renders GitHub-flavoured markdown', () => {
    render(<Markdown>{'| Plugin | Sessions |\n| --- | --- |\n| Agility | 2 |\n\n- [x] done'}</Markdown>);
    expect(screen.getByRole('table')).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'Agility' })).toBeTruthy();
    expect(screen.getByRole('checkbox')).toBeTruthy();
  });

  it('puts a table in a region that can be reached by keyboard, to scroll it sideways on a phone', () => {
    render(<Markdown>{'| Days | Price |\n| --- | --- |\n| 30 | 15 |'}</Markdown>);
    const region = screen.getByRole('region', { name: 'Table' });
    expect(region.getAttribute('tabindex')).toBe('0');
    expect(region.querySelector('table')).not.toBeNull();
  });

  it('opens links in a new tab with noopener noreferrer nofollow', () => {
    render(<Markdown>{'Read the [forum thread](https://forums.example/t/1).'}</Markdown>);
    const link = screen.getByRole('link', { name: 'forum thread' });
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
  });

  it('never renders raw HTML from the source', () => {
    const { container } = render(
      <Markdown>{'Hello <script>alert(1)</script><img src=x onerror="alert(1)"> <b>bold</b>'}</Markdown>,
    );
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(container.querySelector('img[onerror]')).toBeNull();
  });

  it('drops javascript: links and lazy-loads images', () => {
    const { container } = render(
      <Markdown>{'[click](javascript:alert(1)) ![shot](/images/a.png)'}</Markdown>,
    );
    expect(container.querySelector('a')?.getAttribute('href') ?? '').not.toContain('javascript');
    expect(screen.getByRole('img', { name: 'shot' }).getAttribute('loading')).toBe('lazy');
  });

  it('draws the gem emoji as the SVG gem, which needs no emoji font (issue 34, item 8)', () => {
    const { container } = render(
      <Markdown>{'You get a \u{1F48E} gem, and **\u{1F48E}\u{1F48E}** twice.'}</Markdown>,
    );
    expect(container.textContent).not.toContain('\u{1F48E}');
    expect(container.querySelectorAll('p svg')).toHaveLength(3);
    expect(container.querySelector('p')?.textContent).toBe('You get a  gem, and  twice.');
  });
});
