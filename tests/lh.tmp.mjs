// temp: Lighthouse long tasks per page against a running production app
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
const base = process.argv[2];
const pages = process.argv.slice(3);
for (const page of pages) {
  const port = 9300 + Math.floor(Math.random() * 500);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', `--remote-debugging-port=${port}`] });
  const { lhr } = await lighthouse(base + page, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  await browser.close();
  const a = lhr.audits;
  console.log(`\n== ${page} score ${Math.round(lhr.categories.performance.score * 100)} TBT ${a['total-blocking-time'].numericValue.toFixed(0)} LCP ${a['largest-contentful-paint'].numericValue.toFixed(0)}`);
  for (const t of a['long-tasks'].details?.items ?? []) console.log(`  long task ${t.url} start ${t.startTime.toFixed(0)} dur ${t.duration.toFixed(0)}`);
  for (const t of a['bootup-time'].details?.items ?? []) console.log(`  bootup ${t.url} total ${t.total.toFixed(0)} script ${t.scripting.toFixed(0)} parse ${t.scriptParseCompile.toFixed(0)}`);
  for (const t of a['mainthread-work-breakdown'].details?.items ?? []) console.log(`  work ${t.group} ${t.duration.toFixed(0)}`);
}
