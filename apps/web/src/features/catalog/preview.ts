import { DESCRIPTION_PREVIEW_LENGTH } from '@storefront/contract';

/** The card preview: the first 250 characters, then an ellipsis when anything was cut. */
export const previewDescription = (description: string): string =>
  description.length > DESCRIPTION_PREVIEW_LENGTH
    ? `${description.slice(0, DESCRIPTION_PREVIEW_LENGTH)}...`
    : description;
