import { Codes, ProtocolError } from '@portal/protocol';
import type { Config } from '../../config.ts';
import { refusedHostname } from './receiver-address.ts';

/** Why `url` may not receive deliveries under this configuration; null when it may. */
export function refusedUrl(config: Pick<Config, 'webhookAllowHttp'>, url: string): string | null {
  const { protocol } = new URL(url);
  if (protocol === 'https:') return null;
  if (protocol === 'http:' && config.webhookAllowHttp) return null;
  return 'Enter a web address starting with https://';
}

/**
 * 10400 at `url` unless the address may receive deliveries, as far as it tells before a name is
 * looked up: a delivery checks the address it connects to again (receiver-address.ts).
 */
export function assertEndpointUrl(
  config: Pick<Config, 'webhookAllowHttp' | 'webhookAllowLoopback'>,
  url: string,
): void {
  const refusal = refusedUrl(config, url) ?? refusedHostname(config, new URL(url).hostname);
  if (refusal) throw new ProtocolError(Codes.validation, refusal, [{ path: 'url', message: refusal }]);
}
