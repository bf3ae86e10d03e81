import { chromium } from '@playwright/test';
import fs from 'node:fs';
function cpuBy() {
  const agg = {};
  for (const p of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(p)) continue;
    try {
      const cmd = fs.readFileSync(`/proc/${p}/cmdline`, 'utf8');
      if (!cmd.includes('chrom')) continue;
      const st = fs.readFileSync(`/proc/${p}/stat`, 'utf8');
      const parts = st.slice(st.lastIndexOf(')') + 2).split(' ');
      const t = /--type=(\w+)/.exec(cmd)?.[1] ?? 'browser';
      // include reaped children of this process (cutime, cstime)
      agg[t] = (agg[t] ?? 0) + (Number(parts[11]) + Number(parts[12]) + Number(parts[13]) + Number(parts[14])) / 100;
    } catch {}
  }
  return agg;
}
const args = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium-headless-shell', args: ['--no-sandbox','--disable-gpu','--disable-quic','--no-first-run','--disable-background-networking','--disable-component-update','--disable-sync', ...args] });
const t0 = Date.now();
let last = {};
for (let round = 0; round < 6; round++) {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
  const page = await ctx.newPage();
  for (const url of ['/', '/shop', '/shop/2', '/faq', '/shop?category=free']) {
    await page.goto('http://127.0.0.1:3999' + url);
    await page.waitForLoadState('networkidle');
    await page.setViewportSize({ width: 375, height: 900 });
    await page.waitForTimeout(100);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot();
  }
  last = cpuBy();
  await ctx.close();
}
const total = Object.values(last).reduce((a, b) => a + b, 0);
console.log(args.join(' ') || '(default)', 'wall', Date.now() - t0, 'total', total.toFixed(2), JSON.stringify(Object.fromEntries(Object.entries(last).map(([k, v]) => [k, +v.toFixed(2)]))));
await browser.close();
