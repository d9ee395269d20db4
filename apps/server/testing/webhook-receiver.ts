import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface Delivery {
  headers: IncomingHttpHeaders;
  body: string;
}

export interface WebhookReceiver {
  url: string;
  /** Every request received, in order. */
  deliveries: Delivery[];
  /** The statuses to answer next, in order; 204 once they run out. */
  answers: number[];
  close(): Promise<void>;
}

/** A receiver on 127.0.0.1, as an integration engine runs one: it records and answers. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const deliveries: Delivery[] = [];
  const answers: number[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      deliveries.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.statusCode = answers.shift() ?? 204;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    deliveries,
    answers,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The delivery's payload as the `standardwebhooks` library verifies it with `secret`; throws when it does not. */
export function verifyDelivery(secret: string, delivery: Delivery): unknown {
  return new Webhook(secret).verify(delivery.body, delivery.headers as Record<string, string>);
}
