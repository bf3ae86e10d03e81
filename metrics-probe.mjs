import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium-headless-shell', args: ['--no-sandbox','--disable-gpu','--disable-quic','--no-first-run','--disable-background-networking','--disable-component-update','--disable-sync'] });
for (const url of ['/', '/shop', '/shop/2', '/faq', 'about:blank']) {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
  const page = await ctx.newPage();
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Performance.enable');
  await page.goto(url.startsWith('/') ? 'http://127.0.0.1:3999' + url : url);
  await page.waitForLoadState('networkidle');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const m = Object.fromEntries(metrics.map((x) => [x.name, x.value]));
  console.log(url, ['TaskDuration','ScriptDuration','LayoutDuration','RecalcStyleDuration','LayoutCount','RecalcStyleCount','JSHeapUsedSize','Nodes'].map(k=>k+'='+(typeof m[k]==='number'&&m[k]<100?m[k].toFixed(3):m[k])).join(' '));
  await ctx.close();
}
await browser.close();
