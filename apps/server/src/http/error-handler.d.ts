import type { FastifyInstance } from 'fastify';
/**
 * Turns every failure into `{ error, message, fields? }`. Expected ones keep their status;
 * anything unexpected is logged in full and answered with a bland 500, never its details.
 */
export declare function registerErrorHandling(app: FastifyInstance): void;
