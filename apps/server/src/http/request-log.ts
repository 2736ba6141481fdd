import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One JSON line per request at `info` (Fastify's default is two: "incoming" and "completed"):
 * method, route, status and duration. The route is the registered pattern (`/api/parts/:id`),
 * so lines group by endpoint and carry no ids, queries or headers.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = {
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request failed');
    else reply.log.info(line, 'request');
  }
}
