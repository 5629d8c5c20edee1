import { describe, expect, it } from 'vitest';
import { renderPageHead } from './page-head.js';

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta name="description" content="Default description" />
    <title>ReferBridge</title>
  </head>
  <body><div id="root"></div></body>
</html>`;

describe('renderPageHead', () => {
  it('replaces the title and description and adds the Open Graph tags before </head>', () => {
    const html = renderPageHead(INDEX, {
      title: 'An article',
      description: 'What it says',
      type: 'article',
      url: 'https://example.com/blog/a',
      image: 'https://example.com/images/blog/a.png',
      publishedTime: '2025-03-22',
    });
    expect(html).toContain('<title>An article · ReferBridge</title>');
    expect(html).not.toMatch(/ content="Default description"/);
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).toContain(
      '<meta property="og:image" content="https://example.com/images/blog/a.png" data-server-head />',
    );
    expect(html).toContain('<link rel="canonical" href="https://example.com/blog/a" data-server-head />');
    // The client puts the default description back when it shows another page.
    expect(html).toContain(
      '<meta name="description" content="What it says" data-server-head data-default-content="Default description" />',
    );
    expect(html.indexOf('og:title')).toBeLessThan(html.indexOf('</head>'));
    expect(html).toContain('<body><div id="root"></div></body>');
  });

  it('escapes markup and quotes, and keeps $ patterns literal', () => {
    const html = renderPageHead(INDEX, {
      title: '"Quotes" & <script>alert(1)</script>',
      description: "It's $& and $1",
      type: 'website',
      url: 'https://example.com/blog',
    });
    expect(html).not.toContain('<script>');
    expect(html).toContain(
      '<title>&quot;Quotes&quot; &amp; &lt;script&gt;alert(1)&lt;/script&gt; · ReferBridge</title>',
    );
    expect(html).toContain('<meta name="description" content="It&#39;s $&amp; and $1" data-server-head');
    expect(html).not.toContain('og:image');
  });

  it('adds a description when the page has none', () => {
    const html = renderPageHead(INDEX.replace(/ *<meta name="description"[^>]*>\n/, ''), {
      title: 'T',
      description: 'D',
      type: 'website',
      url: 'https://example.com/',
    });
    expect(html.match(/<meta name="description" content="D" data-server-head \/>/g)).toHaveLength(1);
  });
});
