import { Codes, ProtocolError } from '@portal/protocol';
import type { Config } from '../../config.ts';
import { refusedHostname } from './receiver-address.ts';

type Allowance = Pick<Config, 'webhookAllowHttp' | 'webhookAllowLoopback'>;

/**
 * Why `url` may not receive deliveries under this configuration, as far as it tells before a name
 * is looked up (a delivery checks the address it connects to again, receiver-address.ts); null
 * when it may.
 */
export function refusedUrl(config: Allowance, url: string): string | null {
  const { protocol, hostname } = new URL(url);
  const schemeAllowed = protocol === 'https:' || (protocol === 'http:' && config.webhookAllowHttp);
  if (!schemeAllowed) return 'Enter a web address starting with https://';
  return refusedHostname(config, hostname);
}

/** 10400 at `url` unless the address may receive deliveries. */
export function assertEndpointUrl(config: Allowance, url: string): void {
  const refusal = refusedUrl(config, url);
  if (refusal) throw new ProtocolError(Codes.validation, refusal, [{ path: 'url', message: refusal }]);
}
