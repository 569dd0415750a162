import { cpSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { signInCookie, startServer } from './lib/harness.mjs';
const { baseUrl, stop } = await startServer();
try {
  const cookie = await signInCookie(baseUrl);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const [name, value] = cookie.split(';')[0].split('=');
  await context.addCookies([{ name, value, url: baseUrl }]);
  const page = await context.newPage();
  // No data: the first render (skeletons), as a server would render it.
  await page.route((url) => url.pathname.startsWith('/api/') , (route) => new Promise(() => {}));
  await page.goto(baseUrl + process.argv[2]);
  await page.locator('h1').first().waitFor();
  await page.waitForTimeout(500);
  const root = await page.evaluate(() => document.getElementById('root').innerHTML);
  const styles = await page.evaluate(() => [...document.head.querySelectorAll('style')].map((s) => s.outerHTML).join(''));
  await browser.close();
  const out = '/tmp/exp/dist';
  rmSync(out, { recursive: true, force: true });
  cpSync('/work/main/apps/web/dist', out, { recursive: true });
  rmSync(out + '/index.html.gz'); rmSync(out + '/index.html.br');
  let html = readFileSync(out + '/index.html', 'utf8');
  html = html.replace(/<div id="root">[\s\S]*?<\/div>\s*<\/div>/, `<div id="root">${root}</div>`).replace('</head>', styles + '</head>');
  writeFileSync(out + '/index.html', html);
  console.log('root html', root.length, 'styles', styles.length);
} finally {
  await stop();
}
