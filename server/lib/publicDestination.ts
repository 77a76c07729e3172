import dns from 'node:dns';
import type { ClientRequest } from 'node:http';
import net from 'node:net';
import { classifyAddress } from './addresses';

/**
 * Reaching a URL a team chose (an alert webhook, docs/alerts.md#webhooks; an MCP server, docs/mcp.md) without it
 * becoming a way into our own network: the host is resolved once, every address it resolves to must be public (unless
 * the operator allows private ones), the connection goes to the address that was checked (a lookup that answers it,
 * so a second resolution cannot point elsewhere: DNS rebinding), and the address the socket connected to is checked
 * once more.
 */

export interface PublicDestinationOptions {
  allowPrivate: boolean;
  /** Resolves a host name (tests stand in for DNS); dns.lookup by default. */
  resolve?: (hostname: string) => Promise<{ address: string; family: number }[]>;
}

export interface CheckedAddress {
  address: string;
  family: number;
}

/** Why a destination is refused, in the words its owner reads: `what` names what is reached ("webhooks are sent"). */
export class DestinationError extends Error {}

const defaultResolve = (hostname: string) => dns.promises.lookup(hostname, { all: true, verbatim: true });

const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * The address to connect to: the host's (or the literal's) first, once all of them are allowed. `onlyPublic` ends
 * the refusal's sentence: "webhooks are sent to public addresses only".
 */
export async function checkedAddress(
  url: URL,
  options: PublicDestinationOptions,
  onlyPublic: string,
): Promise<CheckedAddress> {
  const host = hostOf(url);
  const literal = net.isIP(host);
  let addresses: CheckedAddress[];
  if (literal) addresses = [{ address: host, family: literal }];
  else {
    try {
      addresses = await (options.resolve ?? defaultResolve)(host);
    } catch {
      throw new DestinationError(`${host} could not be resolved.`);
    }
    if (addresses.length === 0) throw new DestinationError(`${host} could not be resolved.`);
  }
  if (!options.allowPrivate) {
    for (const { address } of addresses) {
      const verdict = classifyAddress(address);
      if (!verdict.public)
        throw new DestinationError(`${host} resolves to ${address}, ${verdict.reason}: ${onlyPublic}.`);
    }
  }
  return addresses[0];
}

/** A `lookup` for http.request that answers the checked address, never a second resolution (which could differ). */
export function pinnedLookup(target: CheckedAddress): net.LookupFunction {
  return (_hostname, lookupOptions, callback) => {
    if ((lookupOptions as { all?: boolean }).all) {
      (callback as (error: null, addresses: dns.LookupAddress[]) => void)(null, [target]);
    } else callback(null, target.address, target.family);
  };
}

/**
 * Checks the address the request's socket connected to, and calls `refuse` with why when it is not public (the
 * caller destroys the request): the last word, whatever resolved the name.
 */
export function watchConnectedAddress(
  request: ClientRequest,
  options: Pick<PublicDestinationOptions, 'allowPrivate'>,
  onlyPublic: string,
  refuse: (message: string) => void,
) {
  if (options.allowPrivate) return;
  request.on('socket', (socket) => {
    const check = () => {
      const connected = socket.remoteAddress ?? '';
      const verdict = classifyAddress(connected);
      if (!verdict.public) refuse(`connected to ${connected}, ${verdict.reason}: ${onlyPublic}.`);
    };
    // A reused keep-alive socket is connected already: its address is checked now.
    if (socket.remoteAddress) check();
    else socket.once('connect', check);
  });
}
