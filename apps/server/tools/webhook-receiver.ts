import { createServer } from 'node:http';
import { Webhook } from 'standardwebhooks';
import { parseCli } from '../../../scripts/parse-cli.mjs';

/**
 * A receiver to try the portal's webhooks with (docs/integration.md): each delivery is verified
 * as Standard Webhooks specifies before it is trusted, and printed as one JSON line.
 */
const { values } = parseCli({
  name: 'webhooks:receive',
  usage: 'npm run webhooks:receive -- --secret whsec_... [--port PORT]',
  about: [
    "Listens on 127.0.0.1:PORT (default 9000) for POSTs, verifies each with the endpoint's signing",
    'secret (webhook-id, webhook-timestamp, webhook-signature) and prints {"verified":true, ...} with',
    'the event on stdout, answering 204; a forged or stale delivery gets 400 and is printed as refused.',
  ].join('\n'),
  options: {
    secret: { type: 'string', value: 'SECRET', description: 'the whsec_... secret the Webhooks page showed' },
    port: { type: 'string', value: 'PORT', description: 'the port to listen on (default 9000)' },
  },
});
if (!values.secret) throw new Error('--secret is required (--help shows the usage)');
const webhook = new Webhook(values.secret);
const port = Number(values.port ?? 9000);

const server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const headers = Object.fromEntries(
      Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
    );
    try {
      const event = webhook.verify(Buffer.concat(chunks), headers);
      console.log(JSON.stringify({ verified: true, id: headers['webhook-id'], event }));
      response.writeHead(204).end();
    } catch (error) {
      console.log(JSON.stringify({ verified: false, reason: (error as Error).message }));
      response.writeHead(400).end();
    }
  });
});
server.listen(port, '127.0.0.1', () => console.error(`Listening on http://127.0.0.1:${port}/`));
