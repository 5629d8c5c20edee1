// @vitest-environment jsdom
import { render } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { usePageMeta, type PageMeta } from './page-meta';

function Page(meta: PageMeta) {
  usePageMeta(meta);
  return null;
}

const content = (selector: string) => document.head.querySelector(selector)?.getAttribute('content');

beforeEach(() => {
  document.head.innerHTML = '<meta name="description" content="Default description" />';
  document.title = 'ReferBridge';
});

describe('usePageMeta', () => {
  it('sets the title, description and Open Graph tags, and puts the old ones back on leaving', () => {
    const view = render(
      <Page title="An article" description="What it says" type="article" image="/images/blog/a.png" />,
    );
    expect(document.title).toBe('An article · ReferBridge');
    expect(content('meta[name="description"]')).toBe('What it says');
    expect(content('meta[property="og:type"]')).toBe('article');
    expect(content('meta[property="og:image"]')).toBe(`${window.location.origin}/images/blog/a.png`);
    view.unmount();
    expect(document.title).toBe('ReferBridge');
    expect(content('meta[name="description"]')).toBe('Default description');
    expect(document.head.querySelectorAll('meta[property]')).toHaveLength(0);
  });

  it("takes over the server's tags, so the next page does not inherit them", () => {
    document.head.innerHTML = [
      '<meta name="description" content="Server text" data-server-head data-default-content="Default description" />',
      '<meta property="og:title" content="Server title" data-server-head />',
      '<meta property="og:image" content="https://example.com/a.png" data-server-head />',
      '<link rel="canonical" href="https://example.com/blog/a" data-server-head />',
    ].join('');
    document.title = 'ReferBridge';
    const view = render(<Page title="An article" description="What it says" />);
    expect(content('meta[property="og:title"]')).toBe('An article');
    expect(document.head.querySelector('meta[property="og:image"]')).toBeNull();
    view.unmount();
    expect(content('meta[name="description"]')).toBe('Default description');
    expect(document.head.querySelectorAll('[data-server-head], meta[property], link')).toHaveLength(0);
    expect(document.title).toBe('ReferBridge');
  });
});
