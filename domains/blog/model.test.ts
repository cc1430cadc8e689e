import { describe, expect, it } from 'vitest';

import { MAX_SOLUTION_LINKS, solutionLinks } from './model.ts';

const PLATES = { href: '/products?category=plates', label: 'Areca leaf plates' };
const CONTAINERS = { href: '/products?category=containers', label: 'Bagasse takeaway containers' };
const CONTACT = { href: '/contact', label: 'Ask for a bulk quote' };
const PRODUCTS = { href: '/products', label: 'All eco-friendly products' };

describe('solutionLinks', () => {
  it('shows only the all-products link when no keyword calls for another', () => {
    expect(solutionLinks([])).toEqual([PRODUCTS]);
    expect(solutionLinks(['composting', 'plastic ban'])).toEqual([PRODUCTS]);
  });

  it.each([
    ['areca', PLATES],
    ['sadya', PLATES],
    ['wedding', PLATES],
    ['biodegradable plates', PLATES],
    ['takeaway', CONTAINERS],
    ['restaurant', CONTAINERS],
    ['bagasse', CONTAINERS],
    ['parcel', CONTAINERS],
    ['bulk', CONTACT],
    ['catering', CONTACT],
    ['small business', CONTACT],
    ['events', CONTACT],
  ])('maps %j to %o, all products last', (keyword, link) => {
    expect(solutionLinks([keyword])).toEqual([link, PRODUCTS]);
  });

  it('matches keywords case-insensitively', () => {
    expect(solutionLinks(['Areca Leaf PLATES', 'RESTAURANTS'])).toEqual([PLATES, CONTAINERS, PRODUCTS]);
  });

  it('keeps the order of preference whatever the order of the keywords', () => {
    expect(solutionLinks(['bulk', 'takeaway'])).toEqual([CONTAINERS, CONTACT, PRODUCTS]);
  });

  it('lists a link once however many keywords call for it', () => {
    expect(solutionLinks(['areca', 'plate', 'sadya', 'wedding'])).toEqual([PLATES, PRODUCTS]);
  });

  it('shows at most 3 links', () => {
    expect(MAX_SOLUTION_LINKS).toBe(3);
    const links = solutionLinks(['wedding', 'restaurant', 'catering']);
    expect(links).toEqual([PLATES, CONTAINERS, CONTACT]);
  });

  it('never repeats a link', () => {
    const links = solutionLinks(['areca plate', 'bagasse container', 'bulk event', 'business']);
    expect(new Set(links.map((l) => l.href)).size).toBe(links.length);
    expect(links.length).toBeLessThanOrEqual(3);
  });
});
