import { describe, expect, it } from 'vitest';
import { applyEnvironment } from './apply-env';

describe('environment settings applied to the page', () => {
  it('sets title, favicon and stylesheet, and removes the stylesheet when unset', () => {
    applyEnvironment(document, {
      title: 'Klik Zakelijk',
      favicon: '/brand/icon.png',
      stylesheetUrl: '/brand/theme.css',
    });
    expect(document.title).toBe('Klik Zakelijk');
    const icons = document.head.querySelectorAll<HTMLLinkElement>('link[rel="icon"]');
    expect(icons).toHaveLength(1);
    expect(icons[0]?.getAttribute('href')).toBe('/brand/icon.png');
    const sheets = document.head.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]');
    expect(sheets).toHaveLength(1);
    expect(sheets[0]?.getAttribute('href')).toBe('/brand/theme.css');

    applyEnvironment(document, { title: 'Klik', favicon: '/favicon.svg', stylesheetUrl: null });
    expect(document.head.querySelectorAll('link[rel="icon"]')).toHaveLength(1);
    expect(document.head.querySelector('link[rel="icon"]')?.getAttribute('href')).toBe(
      '/favicon.svg',
    );
    expect(document.head.querySelectorAll('link[rel="stylesheet"]')).toHaveLength(0);
  });

  it('marks a deployment that is not production in the title and on the page', () => {
    applyEnvironment(document, {
      title: 'Klik',
      favicon: '/favicon.svg',
      stylesheetUrl: null,
      production: false,
    });
    expect(document.title).toBe('Klik (test)');
    expect(document.documentElement.dataset.environment).toBe('test');
    applyEnvironment(document, {
      title: 'Klik',
      favicon: '/favicon.svg',
      stylesheetUrl: null,
      production: true,
    });
    expect(document.title).toBe('Klik');
    expect(document.documentElement.dataset.environment).toBeUndefined();
  });
});
