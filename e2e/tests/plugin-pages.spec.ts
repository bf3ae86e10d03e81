import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { plans, prices } from '@ember/db/schema/catalog';
import { pluginLinks, plugins, pluginVersions, repositories } from '@ember/db/schema/delivery';
import { pluginChangelogNotes, pluginScreenshots } from '@ember/db/schema/plugin-showcase';
import { makePlan, makePlugin, makePrice, makeRepository } from '@ember/db/seed/factories';
import sharp from 'sharp';
import { expect, test } from '../support/accounts.ts';
import { shootAtBothWidths } from '../support/axe.ts';
import { scaled } from '../support/timeouts.ts';

// Issue 35: what a guest judges a plugin by on its plan page, at 375 and 1280 px. The plugin is
// written as a repository update leaves it (its rows, and its screenshots' WebP files in the
// server's blob folder); the update itself is tested in plugin-showcase.test.ts.

const port = process.env.E2E_PORT ?? 3123;
const blobDir = fileURLToPath(new URL(`../../.test-output/e2e-data-${port}/blobs`, import.meta.url));
const DAY_MS = 86_400_000;

async function webp(width: number, height: number, background: string) {
  const bytes = await sharp({ create: { width, height, channels: 3, background } })
    .webp()
    .toBuffer();
  // Where the server's local blob store keeps bytes: {dir}/{first two hex digits}/{sha256}.
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  await mkdir(path.join(blobDir, sha256.slice(0, 2)), { recursive: true });
  await writeFile(path.join(blobDir, sha256.slice(0, 2), sha256), bytes);
  return { sha256, width, height };
}

test('a guest sees the version, the last update, the changelog and the screenshots of a plugin', async ({
  accountsDatabase,
  newAccount,
  browser,
}) => {
  // Two axe runs (the gallery open at both widths) on a loaded machine.
  test.setTimeout(scaled(60_000));
  const developer = await newAccount({ roles: ['CUSTOMER', 'DEVELOPER'] });
  const { db } = accountsDatabase;
  const [plan] = await db
    .insert(plans)
    .values(makePlan({ ownerId: developer.id, name: 'Angler' }))
    .returning();
  const [price] = await db
    .insert(prices)
    .values(makePrice({ planId: plan?.id ?? 0 }))
    .returning();
  const [repository] = await db
    .insert(repositories)
    .values(makeRepository({ ownerId: developer.id }))
    .returning();
  const [plugin] = await db
    .insert(plugins)
    .values(makePlugin({ repositoryId: repository?.id ?? 0, name: 'Angler Core', version: '1.1.0' }))
    .returning();
  const pluginId = plugin?.id ?? 0;
  await db.insert(pluginLinks).values({ priceId: price?.id ?? 0, pluginId });
  const sha = 'a'.repeat(64);
  await db.insert(pluginVersions).values([
    {
      pluginId,
      version: '1.0.0',
      artifactSha256: sha,
      artifactSize: 10,
      createdAt: new Date(Date.now() - 40 * DAY_MS),
    },
    {
      pluginId,
      version: '1.1.0',
      artifactSha256: sha,
      artifactSize: 10,
      createdAt: new Date(Date.now() - 3.5 * DAY_MS),
    },
  ]);
  await db
    .insert(pluginChangelogNotes)
    .values({ pluginId, version: '1.1.0', notes: 'Sharks at the Fishing Guild.' });
  const shots = [
    {
      alt: 'Angler banking lobsters at Catherby',
      image: await webp(1600, 900, '#2a6'),
      thumb: await webp(480, 270, '#2a6'),
    },
    {
      alt: 'The fishing spots it visits',
      image: await webp(1200, 900, '#26a'),
      thumb: await webp(400, 300, '#26a'),
    },
  ];
  await db.insert(pluginScreenshots).values(
    shots.map(({ alt, image, thumb }, position) => ({
      pluginId,
      position,
      alt,
      imageSha256: image.sha256,
      imageWidth: image.width,
      imageHeight: image.height,
      thumbSha256: thumb.sha256,
      thumbWidth: thumb.width,
      thumbHeight: thumb.height,
    })),
  );

  const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
  const page = await context.newPage();
  await page.goto(`/shop/${plan?.id}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Versions and screenshots' })).toBeVisible();
  const angler = page.getByRole('article', { name: 'Angler Core' });
  await expect(angler.getByText('Version 1.1.0')).toBeVisible();
  await expect(angler.getByText('Updated 3 days ago')).toBeVisible();
  await angler.getByText('Changelog').click();
  await expect(angler.getByText('Sharks at the Fishing Guild.')).toBeVisible();
  await expect(angler.getByRole('listitem').filter({ hasText: '1.0.0' })).toBeVisible();

  // The gallery by keyboard: a thumbnail opens the picture, the arrow keys move, Escape closes.
  const first = angler.getByRole('button', {
    name: 'Open screenshot 1 of 2: Angler banking lobsters at Catherby',
  });
  await first.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Angler Core: screenshot 1 of 2' });
  await expect(dialog.getByRole('img', { name: 'Angler banking lobsters at Catherby' })).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('dialog', { name: 'Angler Core: screenshot 2 of 2' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'The fishing spots it visits' })).toBeVisible();
  await shootAtBothWidths(page, 'plan-page-gallery');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(first).toBeFocused();
  await context.close();
});
