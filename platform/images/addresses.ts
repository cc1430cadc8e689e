import net from 'node:net';

/**
 * Addresses a photo is never fetched from: anything that is not the public internet. A pasted address must not make
 * the server reach into its own machine (loopback), its network (private ranges, carrier-grade NAT), a cloud's
 * metadata service (169.254.169.254, fd00:ec2::254, inside link-local and unique-local) or ranges that are reserved,
 * documentation-only or multicast. IPv6 forms that carry an IPv4 address inside (mapped, NAT64, 6to4, Teredo) are
 * refused whole.
 */
const NOT_PUBLIC: ReadonlyArray<[string, number, 'ipv4' | 'ipv6']> = [
  ['0.0.0.0', 8, 'ipv4'],
  ['10.0.0.0', 8, 'ipv4'],
  ['100.64.0.0', 10, 'ipv4'],
  ['127.0.0.0', 8, 'ipv4'],
  ['169.254.0.0', 16, 'ipv4'],
  ['172.16.0.0', 12, 'ipv4'],
  ['192.0.0.0', 24, 'ipv4'],
  ['192.0.2.0', 24, 'ipv4'],
  ['192.88.99.0', 24, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'],
  ['198.18.0.0', 15, 'ipv4'],
  ['198.51.100.0', 24, 'ipv4'],
  ['203.0.113.0', 24, 'ipv4'],
  ['224.0.0.0', 4, 'ipv4'],
  ['240.0.0.0', 4, 'ipv4'],
  ['::', 128, 'ipv6'],
  ['::1', 128, 'ipv6'],
  ['64:ff9b::', 96, 'ipv6'],
  ['64:ff9b:1::', 48, 'ipv6'],
  ['100::', 64, 'ipv6'],
  ['2001::', 23, 'ipv6'],
  ['2001:db8::', 32, 'ipv6'],
  ['2002::', 16, 'ipv6'],
  ['fc00::', 7, 'ipv6'],
  ['fe80::', 10, 'ipv6'],
  ['fec0::', 10, 'ipv6'],
  ['ff00::', 8, 'ipv6'],
];

const notPublic = new net.BlockList();
for (const [address, prefix, type] of NOT_PUBLIC) notPublic.addSubnet(address, prefix, type);
/** IPv4-mapped IPv6, asked of IPv6 addresses only: a BlockList's IPv6 rule for it would match every IPv4 address too. */
const mapped = new net.BlockList();
mapped.addSubnet('::ffff:0:0', 96, 'ipv6');

const loopback = new net.BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/**
 * Whether a photo may be fetched from this IP address. `allowLoopback` lets the tests' own HTTP server on this
 * machine through (RemoteImages refuses it in production); it opens nothing else.
 */
export function isPublicAddress(ip: string, { allowLoopback = false } = {}): boolean {
  const family = net.isIP(ip);
  if (family === 0) return false;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (allowLoopback && loopback.check(ip, type)) return true;
  return !notPublic.check(ip, type) && !(type === 'ipv6' && mapped.check(ip, 'ipv6'));
}
