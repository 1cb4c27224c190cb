import { describe, expect, it } from "vitest";
import {
  EMPTY_ALLOW_LIST,
  isAllowListedHost,
  isRefusedAddress,
  parseAllowList,
  parseIp,
  refusedAddressLabel,
} from "../../server/callbacks/destination";

describe("isRefusedAddress", () => {
  it.each([
    ["127.0.0.1", "loopback"],
    ["127.255.255.254", "loopback"],
    ["10.0.0.1", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.168.1.1", "private"],
    ["169.254.10.10", "link-local"],
    ["169.254.169.254", "metadata"],
    ["100.64.0.1", "cgnat"],
    ["100.127.255.255", "cgnat"],
    ["224.0.0.1", "multicast"],
    ["239.255.255.250", "multicast"],
    ["0.0.0.0", "this-network"],
    ["0.1.2.3", "this-network"],
    ["255.255.255.255", "broadcast"],
    ["240.0.0.1", "reserved"],
    ["192.0.0.8", "reserved"],
    ["198.18.0.1", "reserved"],
    ["198.19.255.255", "reserved"],
    ["192.0.2.10", "documentation"],
    ["198.51.100.7", "documentation"],
    ["203.0.113.9", "documentation"],
    ["::1", "loopback"],
    ["::", "unspecified"],
    ["fc00::1", "private"],
    ["fd12:3456::1", "private"],
    ["fd00:ec2::254", "metadata"],
    ["fe80::1", "link-local"],
    ["fe80::1%eth0", "link-local"],
    ["febf::1", "link-local"],
    ["ff02::1", "multicast"],
    ["2001:db8::1", "documentation"],
    ["3fff::1", "documentation"],
    ["2001::1", "reserved"], // Teredo
    ["::ffff:10.0.0.1", "private"],
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:169.254.169.254", "metadata"],
    ["::ffff:a9fe:a9fe", "metadata"], // the same mapped address written in hex
    ["64:ff9b::10.0.0.1", "private"], // NAT64 of a private address
    ["2002:7f00:1::", "loopback"], // 6to4 of 127.0.0.1
    ["::127.0.0.1", "reserved"], // deprecated IPv4-compatible form
    ["100::1", "reserved"], // discard-only, outside global unicast
    ["5f00::1", "reserved"],
  ])("refuses %s (%s)", (ip, label) => {
    expect(isRefusedAddress(ip)).toBe(true);
    expect(refusedAddressLabel(ip)).toBe(label);
  });

  it.each([
    "8.8.8.8",
    "1.1.1.1",
    "172.15.255.255", // just below 172.16/12
    "172.32.0.0", // just above
    "100.63.255.255", // just below CGNAT
    "100.128.0.0", // just above
    "169.253.255.255",
    "192.169.0.1",
    "198.17.255.255",
    "198.20.0.0",
    "223.255.255.255", // just below multicast
    "2606:4700:4700::1111",
    "2a00:1450:4001::200e",
    "::ffff:8.8.8.8",
    "64:ff9b::8.8.8.8",
    "2002:808:808::",
  ])("accepts public %s", (ip) => {
    expect(isRefusedAddress(ip)).toBe(false);
    expect(refusedAddressLabel(ip)).toBeNull();
  });

  it.each(["", "localhost", "1.2.3", "256.1.1.1", "1.2.3.4.5", "::g", "example.com"])("refuses what is not an IP: %j", (text) =>
    expect(isRefusedAddress(text)).toBe(true),
  );

  it("lets an allow-listed CIDR or address through, and only that", () => {
    const allow = parseAllowList(["127.0.0.1", "10.1.0.0/16", "::1"]);
    expect(isRefusedAddress("127.0.0.1", allow)).toBe(false);
    expect(isRefusedAddress("::ffff:127.0.0.1", allow)).toBe(false);
    expect(isRefusedAddress("127.0.0.2", allow)).toBe(true);
    expect(isRefusedAddress("10.1.255.255", allow)).toBe(false);
    expect(isRefusedAddress("10.2.0.0", allow)).toBe(true);
    expect(isRefusedAddress("::1", allow)).toBe(false);
    expect(isRefusedAddress("169.254.169.254", allow)).toBe(true);
  });
});

describe("parseIp", () => {
  it("expands IPv6 forms to the same number", () => {
    expect(parseIp("::ffff:10.0.0.1")).toBe(parseIp("10.0.0.1"));
    expect(parseIp("0:0:0:0:0:ffff:a00:1")).toBe(parseIp("10.0.0.1"));
    expect(parseIp("1:2:3:4:5:6:7:8")).toBe(0x00010002000300040005000600070008n);
    expect(parseIp("1::8")).toBe(0x00010000000000000000000000000008n);
    expect(parseIp("::")).toBe(0n);
  });
});

describe("parseAllowList", () => {
  it("reads a comma-separated config string of hostnames, addresses and CIDRs", () => {
    const allow = parseAllowList(" localhost , Receiver.Test. ,127.0.0.1, fd00::/8 ,");
    expect(isAllowListedHost(allow, "LOCALHOST")).toBe(true);
    expect(isAllowListedHost(allow, "receiver.test")).toBe(true);
    expect(isAllowListedHost(allow, "other.test")).toBe(false);
    expect(isRefusedAddress("fd00::5", allow)).toBe(false);
    expect(allow.ranges).toHaveLength(2);
  });

  it.each(["10.0.0.0/33", "::/129", "not a host", "10.0.0.0/x", "http://x"])("throws on %j", (entry) => {
    expect(() => parseAllowList([entry])).toThrow(/allow-list/);
  });

  it("is empty by default", () => {
    expect(parseAllowList(undefined)).toEqual(EMPTY_ALLOW_LIST);
  });
});
