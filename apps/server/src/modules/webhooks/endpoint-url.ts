import { Codes, ProtocolError } from '@portal/protocol';
import type { Config } from '../../config.ts';

/** Why `url` may not receive deliveries under this configuration; null when it may. */
export function refusedUrl(config: Pick<Config, 'webhookAllowHttp'>, url: string): string | null {
  const { protocol } = new URL(url);
  if (protocol === 'https:') return null;
  if (protocol === 'http:' && config.webhookAllowHttp) return null;
  return 'Enter a web address starting with https://';
}

/** 10400 at `url` unless the address may receive deliveries. */
export function assertEndpointUrl(config: Pick<Config, 'webhookAllowHttp'>, url: string): void {
  const refusal = refusedUrl(config, url);
  if (refusal) throw new ProtocolError(Codes.validation, refusal, [{ path: 'url', message: refusal }]);
}
