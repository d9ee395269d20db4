// Container HEALTHCHECK: GET /healthz on this node, over HTTPS when the node serves TLS itself.
// Loopback only, so the certificate (issued for the public name) is not checked here.
import http from 'node:http';
import https from 'node:https';

const tls = Boolean(process.env.TLS_CERT);
const get = tls ? https.get : http.get;
const request = get(
  {
    host: '127.0.0.1',
    port: Number(process.env.PORT ?? 8080),
    path: '/healthz',
    timeout: 4000,
    rejectUnauthorized: false,
  },
  (res) => {
    res.resume();
    process.exit(res.statusCode === 200 ? 0 : 1);
  },
);
request.on('timeout', () => request.destroy());
request.on('error', () => process.exit(1));
