// The stored vehicle's schema, in a chunk of its own: only a visitor who has chosen a vehicle
// loads the schema library for it (issue 41).
export { Vehicle } from '@storefront/contract';
