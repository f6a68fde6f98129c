import { describe, expect, it } from "vitest";
import { isMetadataAddress, isPublicAddress, numericHostToV4 } from "./address-policy";

describe("public addresses only", () => {
  it.each([
    "127.0.0.1",
    "127.255.255.254",
    "10.1.2.3",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.10",
    "169.254.169.254",
    "169.254.0.1",
    "100.64.0.1",
    "100.100.100.200",
    "0.0.0.0",
    "255.255.255.255",
    "224.0.0.1",
    "192.0.2.5",
    "198.18.0.1",
    "::",
    "::1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:10.0.0.1",
    "::127.0.0.1",
    "64:ff9b::10.0.0.1",
    "2002:7f00:0001::",
    "2002:c0a8:0101::1",
    "fc00::1",
    "fd00:ec2::254",
    "fe80::1",
    "fe80::1%eth0",
    "ff02::1",
    "2001:db8::1",
    "::ffff:0:127.0.0.1",
    "::ffff:169.254.169.254",
    "64:ff9b::169.254.169.254",
    "64:ff9b:1::a00:1",
    "2002:a9fe:a9fe::",
    "2001:0:4136:e378:8000:63bf:3fff:fdd2",
    "2001:2::1",
    "3fff::1",
    "5f00::1",
    "fec0::1",
    "100::1",
    "172.20.0.1",
    "192.0.0.170",
    "192.88.99.1",
    "198.51.100.7",
    "203.0.113.9",
    "240.0.0.1",
    "0.1.2.3",
    "0177.0.0.1",
    "",
    "not-an-ip",
  ])("refuses %s", (ip) => {
    expect(isPublicAddress(ip)).toBe(false);
  });

  it.each([
    "8.8.8.8",
    "142.250.184.206",
    "172.15.255.255",
    "172.32.0.1",
    "100.63.255.255",
    "2607:f8b0:4004:c1b::65",
    "::ffff:8.8.8.8",
    "64:ff9b::8.8.8.8",
    "2002:0808:0808::",
    "1.1.1.1",
    "100.128.0.1",
    "169.253.255.255",
    "198.20.0.1",
    "223.255.255.255",
    "2a00:1450:4001:80b::200e",
    "2001:4860:4860::8888",
  ])("accepts %s", (ip) => {
    expect(isPublicAddress(ip)).toBe(true);
  });
});

describe("metadata addresses", () => {
  it.each([
    "169.254.169.254",
    "169.254.170.2",
    "100.100.100.200",
    "fd00:ec2::254",
    "fd00:0ec2:0:0:0:0:0:0254",
    "::ffff:169.254.169.254",
    "::ffff:a9fe:a9fe",
    "64:ff9b::169.254.169.254",
    "2002:a9fe:a9fe::1",
  ])("knows %s", (ip) => {
    expect(isMetadataAddress(ip)).toBe(true);
  });

  it.each(["127.0.0.1", "::1", "10.0.0.1", "fd00:ec2::255", "8.8.8.8", "metadata.google.internal"])("%s is not one", (ip) => {
    expect(isMetadataAddress(ip)).toBe(false);
  });
});

describe("IPv4 numbers disguised as host names", () => {
  it.each([
    ["2130706433", "127.0.0.1"],
    ["0x7f000001", "127.0.0.1"],
    ["0177.0.0.1", "127.0.0.1"],
    ["0x7f.1", "127.0.0.1"],
    ["127.1", "127.0.0.1"],
    ["10.0.1", "10.0.0.1"],
  ])("reads %s as %s", (host, ip) => {
    expect(numericHostToV4(host)).toBe(ip);
  });

  it.each(["example.com", "999.1.1.1", "1.2.3.4.5", "08.1.1.1", "0x"])("does not read %s as an address", (host) => {
    expect(numericHostToV4(host)).toBeNull();
  });
});
