import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import net from 'node:net';

import { invalid, isDomainError, tooLarge } from '#lib/errors.ts';

import { isPublicAddress } from './addresses.ts';

/** What the shop's server says it is when it fetches a photo the staff pointed at: no shop's name, which is a setting. */
const USER_AGENT = 'shop-product-photo-fetch/1';

interface RemoteImageOptions {
  /** The most bytes a photo may have (the upload's limit). */
  maxBytes: number;
  /** The whole fetch, redirects and body included (default 15 s). */
  timeoutMs?: number;
  /**
   * Lets the tests fetch from their own HTTP server on 127.0.0.1. Never a setting: code passes it, and a production
   * process refuses to start with it.
   */
  allowLoopback?: boolean;
}

const MAX_REDIRECTS = 5;
const NOT_PUBLIC = 'That address is not on the public internet: give the address of a photo on a website';

/** Why a fetch stopped, in the staff's words; the rest is the address's fault too, said plainly. */
class Stop extends Error {}

/**
 * A photo fetched once from an address the staff paste (a supplier's site, a shared drive), so the pages never load
 * a third party's image. Every address the name resolves to, at every redirect, must be on the public internet; the
 * connection goes to the address that was checked (no second lookup to be fooled by); the fetch has a deadline, and
 * the body a byte limit counted as it arrives. What the bytes are is the image pipeline's to decide
 * (see 004-images.md).
 */
export class RemoteImages {
  private readonly timeoutMs: number;

  constructor(private readonly options: RemoteImageOptions) {
    if (options.allowLoopback && process.env.NODE_ENV === 'production') {
      throw new Error('Fetching photos from this machine (allowLoopback) is for tests only, never in production');
    }
    this.timeoutMs = options.timeoutMs ?? 15_000;
  }

  async fetch(address: string): Promise<Buffer> {
    const deadline = AbortSignal.timeout(this.timeoutMs);
    let url = new URL(address);
    try {
      for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
        const answer = await this.get(url, deadline);
        if (answer.location === undefined) return answer.body;
        url = new URL(answer.location, url);
      }
      throw new Stop('The address redirects too many times');
    } catch (error) {
      throw this.refusal(error, deadline);
    }
  }

  private refusal(error: unknown, deadline: AbortSignal): Error {
    if (isDomainError(error)) return error;
    if (error instanceof Stop) return invalid(error.message);
    if (deadline.aborted) return invalid(`The address did not send the photo within ${this.timeoutMs / 1000} seconds`);
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return invalid('No website was found at that address');
    return invalid('The photo could not be fetched from that address');
  }

  /** One request: its body, or where it redirects to. */
  private get(url: URL, signal: AbortSignal): Promise<{ body: Buffer; location?: undefined } | { location: string }> {
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Stop('The address must start with https:// or http://');
    const literal = url.hostname.replace(/^\[|\]$/g, '');
    // A name is checked as it is resolved (lookup below); an IP address written in the URL is never looked up.
    if (net.isIP(literal) && !isPublicAddress(literal, this.options)) throw new Stop(NOT_PUBLIC);
    const client = url.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      const request = client.get(
        url,
        {
          signal,
          agent: false,
          lookup: this.lookup,
          headers: { accept: 'image/*', 'accept-encoding': 'identity', 'user-agent': USER_AGENT },
        },
        (response) => {
          const status = response.statusCode ?? 0;
          if (status >= 300 && status < 400 && response.headers.location) {
            response.resume();
            return resolve({ location: response.headers.location });
          }
          if (status !== 200) {
            response.resume();
            return reject(new Stop(`The address answered ${status}, not a photo`));
          }
          if (/^text\/html/i.test(response.headers['content-type'] ?? '')) {
            response.resume();
            return reject(new Stop("That address is a web page: open the photo itself and copy the photo's address"));
          }
          const declared = Number(response.headers['content-length'] ?? 0);
          const tooBig = () => tooLarge(`The photo is larger than ${this.options.maxBytes / (1024 * 1024)} MB`);
          if (declared > this.options.maxBytes) {
            response.destroy();
            return reject(tooBig());
          }
          const chunks: Buffer[] = [];
          let size = 0;
          response.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > this.options.maxBytes) {
              response.destroy();
              reject(tooBig());
            } else chunks.push(chunk);
          });
          response.on('end', () => resolve({ body: Buffer.concat(chunks) }));
          response.on('error', reject);
        },
      );
      request.on('error', reject);
    });
  }

  /** dns.lookup, refusing the name when any address it resolves to is not public. */
  private readonly lookup: LookupFunction = (hostname, options, callback) => {
    dns.lookup(hostname, { all: true, family: options.family ?? 0 }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      if (addresses.length === 0 || addresses.some((entry) => !isPublicAddress(entry.address, this.options))) {
        return callback(new Stop(NOT_PUBLIC) as NodeJS.ErrnoException, '', 0);
      }
      if (options.all) return (callback as unknown as (e: null, all: dns.LookupAddress[]) => void)(null, addresses);
      const [first] = addresses as [dns.LookupAddress];
      callback(null, first.address, first.family);
    });
  };
}
