// The client allow-list: exact addresses and CIDR subnets, IPv4 and IPv6, held in a node:net BlockList (used
// here as an allow-list: a client is served when the list holds its address).
import net from 'node:net';

export class AllowList {
  private readonly list = new net.BlockList();

  /** Rules are addresses (`127.0.0.1`, `::1`) or subnets (`10.0.0.0/8`, `fd00::/8`); a bad rule throws naming it. */
  constructor(rules: readonly string[]) {
    for (const rule of rules) {
      const [addr, bits, extra] = rule.trim().split('/');
      const type = net.isIPv4(addr ?? '') ? 'ipv4' : net.isIPv6(addr ?? '') ? 'ipv6' : undefined;
      const prefix = bits === undefined ? undefined : Number(bits);
      const max = type === 'ipv4' ? 32 : 128;
      if (!type || extra !== undefined || (bits !== undefined && !(/^\d+$/.test(bits) && prefix! <= max))) {
        throw new Error(`allow-list rule '${rule}' is not an IPv4/IPv6 address or a subnet such as 10.0.0.0/8 or fd00::/8`);
      }
      if (prefix === undefined) this.list.addAddress(addr!, type);
      else this.list.addSubnet(addr!, prefix, type);
    }
  }

  /** Whether a client address is allowed; an IPv4-mapped IPv6 address (`::ffff:10.1.2.3`) counts as its IPv4. */
  allows(address: string | undefined): boolean {
    if (!address) return false;
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return this.list.check(mapped[1]!, 'ipv4');
    return this.list.check(address, net.isIPv4(address) ? 'ipv4' : 'ipv6');
  }
}
