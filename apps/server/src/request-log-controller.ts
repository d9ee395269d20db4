import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * Fastify's two lines a request ("incoming request", "request completed") at debug rather than
 * info for the calls the web makes on its own (`config.passive`: the event poll every 10 s of
 * every open web app, the idle warning's session status) when they succeed. At 5,000 polls a
 * second those were 10,000 info lines a second that say nothing an operator acts on, and
 * writing them was about 40 % of a poll's CPU (81 → 44–50 µs a poll). A passive call that fails
 * still logs at info (error for 5xx), in one line with its path, status and request id, since
 * the "incoming" line went to debug; the request id header and the metrics are unaffected.
 */
export class RequestLogController extends LogController {
  override incomingRequest(request: FastifyRequest, reply: FastifyReply): void {
    if (!isPassive(request)) return super.incomingRequest(request, reply);
    if (!this.isLogDisabled(request)) request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (!isPassive(request) || this.isLogDisabled(request)) {
      return super.requestCompleted(error, request, reply);
    }
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else if (reply.statusCode >= 400) reply.log.info(line, 'request completed');
    else reply.log.debug(line, 'request completed');
  }
}

function isPassive(request: FastifyRequest): boolean {
  return request.routeOptions.config.passive === true;
}
