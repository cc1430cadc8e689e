/** Shown where a product has no image or its image fails to load. */
export const PLACEHOLDER_IMAGE = '/images/placeholder.svg';
