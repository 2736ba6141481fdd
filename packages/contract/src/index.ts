export * from './common.js';
export * from './config.js';
export * from './constants.js';
export * from './errors.js';
export * from './messages.js';
export * from './money.js';
export * from './parts.js';
export * from './reviews.js';
