// Whether an address or host name is this machine: 127.0.0.0/8, ::1 (also IPv4-mapped) and
// localhost. Anything else (0.0.0.0, ::, a LAN address, a name) is beyond it. Plain JavaScript, so
// that scripts/start-web.mjs (plain node) and the service share it.

/** @param {string} host */
export function isLoopback(host) {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, "")
    .replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, "");
  return h === "localhost" || h === "::1" || h === "0:0:0:0:0:0:0:1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}
