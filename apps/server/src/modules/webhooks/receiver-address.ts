import { lookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import type { Config } from '../../config.ts';

type Allowance = Pick<Config, 'webhookAllowLoopback'>;

const familyOf = (address: string) => (isIP(address) === 6 ? 'ipv6' : 'ipv4');

function blockList(subnets: ReadonlyArray<readonly [string, number]>): BlockList {
  const list = new BlockList();
  for (const [network, prefix] of subnets) list.addSubnet(network, prefix, familyOf(network));
  return list;
}

/**
 * Addresses no receiver has: link-local (the cloud's metadata service answers at 169.254.169.254
 * and fd00:ec2::254), "this network", multicast and reserved. The clinic's private networks stay
 * open: interface engines live there (decision 0040).
 */
const NEVER = blockList([
  ['0.0.0.0', 8],
  ['169.254.0.0', 16],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
  ['::', 128],
  ['fe80::', 10],
  ['ff00::', 8],
  ['fd00:ec2::254', 128],
]);
/** The portal's own machine: its database, cache and admin routes answer here. */
const LOOPBACK = blockList([
  ['127.0.0.0', 8],
  ['::1', 128],
]);

/** Why a delivery may not go to `address` (an IP); null when it may. */
export function refusedAddress(allowance: Allowance, address: string): string | null {
  const family = familyOf(address);
  if (NEVER.check(address, family)) return 'The address is link-local or reserved';
  if (!allowance.webhookAllowLoopback && LOOPBACK.check(address, family)) {
    return "The address is on the portal's own machine";
  }
  return null;
}

/** Why `hostname` (a URL's, IPv6 in brackets) may not receive deliveries, as far as the name tells. */
export function refusedHostname(allowance: Allowance, hostname: string): string | null {
  const bare = hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(bare)) return refusedAddress(allowance, bare);
  const name = bare.toLowerCase().replace(/\.$/, '');
  if (!allowance.webhookAllowLoopback && (name === 'localhost' || name.endsWith('.localhost'))) {
    return "The address is on the portal's own machine";
  }
  return null;
}

/** Raised by `receiverLookup` instead of connecting; its message says why. */
export class RefusedAddressError extends Error {
  readonly code = 'EREFUSEDADDRESS';
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * `dns.lookup` for the delivery's socket that refuses an answer naming a forbidden address: checked
 * on the address connected to, so a name that resolves elsewhere the second time (DNS rebinding)
 * is caught too.
 */
export function receiverLookup(allowance: Allowance) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const refusal = addresses.map((a) => refusedAddress(allowance, a.address)).find((r) => r !== null);
      if (refusal) return callback(new RefusedAddressError(refusal), []);
      if (options.all) return callback(null, addresses);
      const [first] = addresses;
      return callback(null, first!.address, first!.family);
    });
  };
}
