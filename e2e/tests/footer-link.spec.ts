import { axeViolations } from '../support/axe.ts';
import { expect, test } from '../support/test.ts';

// Issue 24, item 16: the design-studio credit in the footer was told from its sentence by colour
// alone (1.44:1, no underline): axe `link-in-text-block`, serious, on every page at both widths.

for (const width of [375, 1280]) {
  test(`the footer's links inside text are told apart by more than colour at ${width} px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    for (const path of ['/', '/shop', '/faq']) {
      await page.goto(path);
      const studio = page.getByRole('contentinfo').getByRole('link', { name: 'Northlight Studio' });
      await expect(studio).toBeVisible();
      expect(await studio.evaluate((link) => getComputedStyle(link).textDecorationLine)).toContain(
        'underline',
      );
      const violations = await axeViolations(page, { include: 'footer', rules: ['link-in-text-block'] });
      expect(
        violations.map((violation) => violation.id),
        path,
      ).toEqual([]);
    }
  });
}
