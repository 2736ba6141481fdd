// Plain constants every page reads at start: kept apart from the schemas (and zod) in config.ts.

/**
 * The brand name in prerendered pages: the build cannot know it, so the server puts its own in
 * their place when it serves them, beside the public config for the app to start from.
 */
export const PRERENDERED_BRAND = '__STOREFRONT_BRAND_NAME__';
/** The id of the script element (JSON) holding the public config in a served page. */
export const SITE_CONFIG_ELEMENT_ID = 'site-config';
