import net from 'node:net';
import type { FastifyRequest } from 'fastify';

/**
 * Request logs hold no one's IP address or email in clear (Ley 21.719 art. 3 c and 14 quáter: only what the
 * purpose needs). An address is cut to its network — IPv4 to /24, IPv6 to /48 — which still tells a flood
 * from one network apart, and no longer points at a household. How long the host keeps the logs:
 * RETENTION.requestLogDays (docs/operations.md).
 */
export function truncateIp(ip: string | undefined): string {
  if (!ip) return '';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  const address = mapped?.[1] ?? ip;
  if (net.isIPv4(address)) return `${address.split('.').slice(0, 3).join('.')}.0/24`;
  if (net.isIPv6(address)) {
    const [head = ''] = address.split('::');
    const groups = head.split(':').filter(Boolean);
    const full = address.includes('::') ? groups : address.split(':');
    return `${[...full.slice(0, 3), '', ''].slice(0, 5).join(':').replace(/:+$/, '')}::/48`;
  }
  return '';
}

const EMAIL_IN_TEXT = /[^\s/?&=#@]+(?:@|%40)[^\s/?&=#]+/gi;

/** Anything that looks like an email in a logged address (a search for one, say) is masked. */
export const maskEmails = (text: string) => text.replace(EMAIL_IN_TEXT, '[email]');

/** Pino serializers for the request line: method, address (emails masked), and the truncated IP. */
export const requestLogSerializers = {
  req: (req: FastifyRequest) => ({
    method: req.method,
    url: maskEmails(req.url),
    remoteAddress: truncateIp(req.ip),
  }),
};
