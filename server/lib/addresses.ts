import net from 'node:net';

/**
 * Which IP addresses a URL a team chose may reach (an alert webhook, docs/alerts.md#webhooks; an MCP server,
 * docs/mcp.md): public unicast only. Refused, with the reason a message gives: loopback, private networks (RFC 1918, carrier-grade NAT, IPv6 unique-local), link-local
 * (169.254.0.0/16 holds the clouds' metadata service, fe80::/10), unspecified, multicast, and the other special-purpose
 * ranges of RFC 6890 (documentation, benchmarking, reserved). An IPv6 address that carries an IPv4 one (IPv4-mapped,
 * NAT64, 6to4) is judged by that IPv4 address.
 */

export type AddressVerdict = { public: true } | { public: false; reason: string };

type Range = [prefix: number[], bits: number, reason: string];

const V4_RANGES: Range[] = [
  [[0, 0, 0, 0], 8, 'an unspecified address'],
  [[10, 0, 0, 0], 8, 'a private address'],
  [[100, 64, 0, 0], 10, 'a private address (carrier-grade NAT)'],
  [[127, 0, 0, 0], 8, 'a loopback address'],
  [[169, 254, 0, 0], 16, 'a link-local address (such as a cloud metadata service)'],
  [[172, 16, 0, 0], 12, 'a private address'],
  [[192, 0, 0, 0], 24, 'a reserved address'],
  [[192, 0, 2, 0], 24, 'a documentation address'],
  [[192, 88, 99, 0], 24, 'a reserved address'],
  [[192, 168, 0, 0], 16, 'a private address'],
  [[198, 18, 0, 0], 15, 'a benchmarking address'],
  [[198, 51, 100, 0], 24, 'a documentation address'],
  [[203, 0, 113, 0], 24, 'a documentation address'],
  [[224, 0, 0, 0], 4, 'a multicast address'],
  [[240, 0, 0, 0], 4, 'a reserved address'],
];

/** IPv6 ranges as 16-bit groups. Anything outside 2000::/3 (global unicast) is refused as well. */
const V6_RANGES: Range[] = [
  [[0, 0, 0, 0, 0, 0, 0, 0], 128, 'an unspecified address'],
  [[0, 0, 0, 0, 0, 0, 0, 1], 128, 'a loopback address'],
  [[0x64, 0xff9b, 1], 48, 'a private address (local NAT64)'],
  [[0x100, 0, 0, 0], 64, 'a reserved address'],
  [[0x2001, 0], 23, 'a reserved address'],
  [[0x2001, 0xdb8], 32, 'a documentation address'],
  [[0xfc00], 7, 'a private address (unique local)'],
  [[0xfe80], 10, 'a link-local address'],
  [[0xfec0], 10, 'a private address (site-local)'],
  [[0xff00], 8, 'a multicast address'],
];

function inRange(value: number[], prefix: number[], bits: number, width: number): boolean {
  for (let i = 0; bits > 0; i++, bits -= width) {
    const take = Math.min(bits, width);
    const mask = ((1 << take) - 1) << (width - take);
    if ((value[i] & mask) !== ((prefix[i] ?? 0) & mask)) return false;
  }
  return true;
}

const v4Verdict = (bytes: number[]): AddressVerdict => {
  const range = V4_RANGES.find(([prefix, bits]) => inRange(bytes, prefix, bits, 8));
  return range ? { public: false, reason: range[2] } : { public: true };
};

/** The eight 16-bit groups of an IPv6 address (net.isIPv6 has accepted it), its zone index dropped. */
function ipv6Groups(address: string): number[] {
  let text = address.split('%')[0];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1].split('.').map(Number);
    text = `${text.slice(0, -dotted[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, null];
  const parse = (part: string) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const left = parse(head);
  const right = tail === null ? [] : parse(tail);
  return [...left, ...Array(8 - left.length - right.length).fill(0), ...right];
}

const embeddedV4 = (groups: number[], at: number) => [
  groups[at] >> 8,
  groups[at] & 0xff,
  groups[at + 1] >> 8,
  groups[at + 1] & 0xff,
];

export function classifyAddress(address: string): AddressVerdict {
  if (net.isIPv4(address)) return v4Verdict(address.split('.').map(Number));
  if (!net.isIPv6(address)) return { public: false, reason: 'not an IP address' };
  const groups = ipv6Groups(address);
  if (inRange(groups, [0, 0, 0, 0, 0, 0xffff], 96, 16)) return v4Verdict(embeddedV4(groups, 6));
  if (inRange(groups, [0x64, 0xff9b, 0, 0, 0, 0], 96, 16)) return v4Verdict(embeddedV4(groups, 6));
  if (inRange(groups, [0x2002], 16, 16)) return v4Verdict(embeddedV4(groups, 1));
  const range = V6_RANGES.find(([prefix, bits]) => inRange(groups, prefix, bits, 16));
  if (range) return { public: false, reason: range[2] };
  return inRange(groups, [0x2000], 3, 16) ? { public: true } : { public: false, reason: 'a reserved address' };
}
