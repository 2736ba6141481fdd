/**
 * Demo catalog for the embedded database: realistic parts whose descriptions are long enough
 * to exercise the 250-character preview. Images ship with the web app under /images/parts.
 */
export type SeedPart = {
  name: string;
  description: string;
  minOrderQuantity: number;
  availableQuantity: number;
  priceCents: number;
  image: string;
};
export declare const seedParts: SeedPart[];
export type SeedReview = {
  name: string;
  description: string;
  rating: number;
};
export declare const seedReviews: SeedReview[];
