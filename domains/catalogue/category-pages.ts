import { msg } from '#lib/i18n/translate.ts';

import type { Category } from './categories.ts';

/** What a catalogue page tells search engines and customers about itself: its own title, description and text. */
export interface CategoryPage {
  /** The document title (the shop's name is added where it fits in 70 characters). */
  title: string;
  /** The meta description: 150 characters or so, unique to the page. */
  description: string;
  /** The heading over the category's products (the page's h1 stays 'Our Products'). */
  heading: string;
  /** A short paragraph of the page's own, for customers and crawlers alike. */
  text: string;
}

const ALL_PRODUCTS_PAGE: CategoryPage = {
  title: msg('Biodegradable Tableware, by the Carton'),
  description: msg(
    'Areca leaf plates, bagasse containers and bowls, kraft cups, wooden cutlery, combo packs and meals trays from Aluva, Kerala. Carton and per-piece prices in rupees.',
  ),
  heading: msg('All products'),
  text: msg('Plant-based plates, bowls, containers, cups and cutlery, sold by the carton and delivered across Kerala.'),
};

export const CATEGORY_PAGES: Record<Category, CategoryPage> = {
  plates: {
    title: msg('Areca Leaf and Bagasse Plates in Kerala'),
    description: msg(
      'Areca leaf plates pressed from fallen sheaths and bagasse plates from sugarcane fibre, 6 to 12 inch, round and square. Sold by the carton from Aluva, Kerala.',
    ),
    heading: msg('Plates'),
    text: msg(
      'Areca leaf plates are pressed from sheaths the palms drop by themselves; bagasse plates are moulded from sugarcane fibre. Both hold hot, oily Kerala meals without going soft, and compost in weeks.',
    ),
  },
  containers: {
    title: msg('Bagasse and Kraft Food Containers'),
    description: msg(
      'Bagasse clamshells and kraft paper containers with lids for takeaway and catering, sold by the carton from Aluva, Kerala, with delivery across the state.',
    ),
    heading: msg('Containers'),
    text: msg(
      'Takeaway boxes, clamshells and noodle boxes in sugarcane bagasse and kraft paper: they take curries and hot rice, and replace plastic and foil without a change to your packing line.',
    ),
  },
  bowls: {
    title: msg('Compostable Bowls for Curries and Desserts'),
    description: msg(
      'Bagasse, areca leaf and kraft paper bowls for curries, payasam and soups, sold by the carton with per-piece prices in rupees. Shipped from Aluva, Kerala.',
    ),
    heading: msg('Bowls'),
    text: msg(
      'Bowls for sambar, payasam and soups, in bagasse, areca leaf and kraft paper, from small dessert bowls to soup bowls with lids. They stay firm with hot liquids and compost after the event.',
    ),
  },
  cups: {
    title: msg('Paper and Bagasse Cups for Tea and Juice'),
    description: msg(
      'Kraft paper and bagasse cups for tea, coffee and juice, sold by the carton for canteens, events and cafés in Kerala. Plastic-free and ready for hot drinks.',
    ),
    heading: msg('Cups'),
    text: msg('Cups for tea, coffee, juice and ice cream in kraft paper and bagasse, sized for canteens, events and cafés.'),
  },
  cutlery: {
    title: msg('Wooden Spoons, Forks and Knives'),
    description: msg(
      'Birch wood spoons, forks, knives, stirrers and cutlery sets, smooth and splinter-free, sold by the carton for caterers and restaurants in Kerala.',
    ),
    heading: msg('Cutlery'),
    text: msg(
      'Spoons, forks, knives and stirrers in smooth birch wood: strong enough for biriyani, free of plastic, and sold in cartons sized for caterers.',
    ),
  },
  combo: {
    title: msg('Tableware Combo Packs for Events'),
    description: msg(
      'Plates, bowls, cups and cutlery together in combo packs sized by guests, for weddings, parties and events across Kerala. One carton, one order, one delivery.',
    ),
    heading: msg('Combo Packs'),
    text: msg(
      'Everything a table needs, packed together and sized by the number of guests: plates, bowls, cups and cutlery in one carton for weddings, parties and office events.',
    ),
  },
  'meals tray': {
    title: msg('Meals Trays and Thali Plates'),
    description: msg(
      'Compartment meals trays, thali and biriyani trays in bagasse and areca leaf for full Kerala meals, sold by the carton from Aluva with delivery across Kerala.',
    ),
    heading: msg('Meals Tray'),
    text: msg(
      'Compartment trays for a full meal, rice and curries apart, in bagasse and areca leaf that hold a sadya to the last course. Made for caterers, canteens and hostels.',
    ),
  },
};

/** The page of a category, or of the whole catalogue. */
export const catalogPage = (category: Category | undefined): CategoryPage =>
  category ? CATEGORY_PAGES[category] : ALL_PRODUCTS_PAGE;
