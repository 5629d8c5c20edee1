// Renders each blog illustration (public/images/blog/*.svg) to a 1200×630 PNG beside it, for link
// previews: social sites do not show SVG as og:image. Run after changing an illustration:
//   node scripts/render-blog-og-images.mjs
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const dir = path.resolve('public/images/blog');
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
  for (const name of fs.readdirSync(dir).filter((file) => file.endsWith('.svg'))) {
    const svg = fs.readFileSync(path.join(dir, name), 'utf8');
    await page.setContent(`<style>html,body{margin:0}</style>${svg}`);
    await page.screenshot({ path: path.join(dir, name.replace(/\.svg$/, '.png')) });
    console.log(`rendered ${name}`);
  }
} finally {
  await browser.close();
}
