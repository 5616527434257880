import { describe, expect, it } from "vitest";
import { LOCAL_CLIENT, clientAddress, clientKey, requestClientKey, runsOnCloudflare } from "./request.server";

const request = (headers: Record<string, string>) => new Request("https://example.org/", { headers });
const onCloudflare = { ON_CLOUDFLARE: "true" };
const local = {};

describe("clientAddress: the one rule for who a request comes from", () => {
  it("on Cloudflare: CF-Connecting-IP, which the edge sets; never X-Forwarded-For", () => {
    expect(runsOnCloudflare(onCloudflare)).toBe(true);
    expect(clientAddress(request({ "CF-Connecting-IP": " 203.0.113.1 ", "X-Forwarded-For": "10.0.0.1" }), onCloudflare)).toBe(
      "203.0.113.1",
    );
    expect(clientAddress(request({ "X-Forwarded-For": "198.51.100.2" }), onCloudflare)).toBe("unknown");
    expect(clientAddress(request({}), onCloudflare)).toBe("unknown");
  });

  it("locally: every request is the one local client, whatever headers it brings", () => {
    for (const source of [local, { ON_CLOUDFLARE: "" }, { ON_CLOUDFLARE: "false" }]) {
      expect(runsOnCloudflare(source)).toBe(false);
      expect(clientAddress(request({ "CF-Connecting-IP": "203.0.113.1" }), source)).toBe(LOCAL_CLIENT);
      expect(clientAddress(request({ "X-Forwarded-For": "198.51.100.2" }), source)).toBe(LOCAL_CLIENT);
      expect(clientAddress(request({}), source)).toBe(LOCAL_CLIENT);
    }
    const forged = ["203.0.113.1", "203.0.113.2", "2001:db8::1"].map((address) =>
      requestClientKey(request({ "CF-Connecting-IP": address }), local),
    );
    expect(new Set(forged)).toEqual(new Set([LOCAL_CLIENT]));
  });

  it("the server tests run as on Cloudflare (vitest.config.ts): their Requests are what the edge delivers", () => {
    expect(runsOnCloudflare()).toBe(true);
  });
});

describe("clientKey", () => {
  it("an IPv4 address is its own key; IPv6 addresses share their /64; long values are cut", () => {
    expect(clientKey("203.0.113.7")).toBe("203.0.113.7");
    expect(clientKey("2001:db8:1:2:aaaa::1")).toBe("2001:0db8:0001:0002::/64");
    expect(clientKey("2001:DB8:1:2:ffff:ffff:ffff:ffff")).toBe("2001:0db8:0001:0002::/64");
    expect(clientKey("::1")).toBe("0000:0000:0000:0000::/64");
    expect(clientKey("x".repeat(500))).toHaveLength(64);
  });
});
