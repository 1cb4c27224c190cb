// Image intake: type by magic bytes, base64 decoding with the size cap, and downloads through the
// callbacks' destination guard against a real HTTPS server.
import { createRequire } from "node:module";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { EMPTY_ALLOW_LIST, parseAllowList } from "../../server/callbacks/destination";
import { checkImageUrl, decodeBase64Image, fetchImage, imageDimensions, ImageRefused, sniffImageType } from "../../server/images/fetch";
import { noFacePng } from "../support/vision-images";
import { type HttpsReceiver, startHttpsReceiver } from "../support/https-receiver";

const require = createRequire(import.meta.url);
const jpeg = require("jpeg-js") as { encode(image: { data: Buffer; width: number; height: number }, quality: number): { data: Buffer } };

const PNG = noFacePng(8, 6);
const JPEG = jpeg.encode({ data: Buffer.alloc(10 * 4 * 4, 200), width: 10, height: 4 }, 80).data;
/** A PNG header declaring width × height, without pixel data. */
function pngHeader(width: number, height: number): Buffer {
  const header = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(header, 0);
  header.writeUInt32BE(13, 8);
  header.write("IHDR", 12, "latin1");
  header.writeUInt32BE(width, 16);
  header.writeUInt32BE(height, 20);
  return header;
}
const allowList = parseAllowList(["127.0.0.1"]);

describe("sniffImageType", () => {
  it("knows JPEG and PNG by their first bytes, nothing else", () => {
    expect(sniffImageType(JPEG)).toBe("image/jpeg");
    expect(sniffImageType(PNG)).toBe("image/png");
    expect(sniffImageType(Buffer.from("GIF89a......"))).toBeNull();
    expect(sniffImageType(Buffer.from("<svg xmlns=...>"))).toBeNull();
    expect(sniffImageType(Buffer.from([0xff, 0xd8]))).toBeNull();
    expect(sniffImageType(PNG.subarray(0, 7))).toBeNull();
  });
});

describe("imageDimensions", () => {
  it("reads the size from the header of a PNG and a JPEG", () => {
    expect(imageDimensions(PNG, "image/png")).toEqual({ width: 8, height: 6 });
    expect(imageDimensions(JPEG, "image/jpeg")).toEqual({ width: 10, height: 4 });
    expect(imageDimensions(Buffer.from([0xff, 0xd8, 0xff, 0xd9, 0, 0, 0, 0, 0, 0, 0, 0]), "image/jpeg")).toBeNull();
    expect(imageDimensions(PNG.subarray(0, 20), "image/png")).toBeNull();
  });
});

describe("decodeBase64Image", () => {
  const refused = (fn: () => unknown) => {
    try {
      fn();
    } catch (error) {
      expect(error).toBeInstanceOf(ImageRefused);
      return (error as Error).message;
    }
    throw new Error("not refused");
  };

  it("decodes plain base64, a data: URL and base64 with line breaks", () => {
    expect(decodeBase64Image(PNG.toString("base64"), "f", 1000)).toEqual({ bytes: PNG, contentType: "image/png" });
    expect(decodeBase64Image(`data:image/jpeg;base64,${JPEG.toString("base64")}`, "f", 1000).bytes).toEqual(JPEG);
    expect(decodeBase64Image(JPEG.toString("base64").replace(/(.{10})/g, "$1\n"), "f", 1000).bytes).toEqual(JPEG);
  });

  it("refuses invalid base64, an empty image, an image above the cap (before decoding) and other types", () => {
    expect(refused(() => decodeBase64Image("abc$", "x.imageBase64", 1000))).toBe("x.imageBase64 is not valid base64");
    expect(refused(() => decodeBase64Image("", "x.imageBase64", 1000))).toBe("x.imageBase64: the image is empty");
    expect(refused(() => decodeBase64Image("A".repeat(4_000_000), "x.imageBase64", 1000))).toBe(
      "x.imageBase64: the image is larger than 1000 bytes",
    );
    expect(refused(() => decodeBase64Image(PNG.toString("base64"), "x.imageBase64", PNG.length - 1))).toBe(
      `x.imageBase64: the image is larger than ${PNG.length - 1} bytes`,
    );
    expect(decodeBase64Image(PNG.toString("base64"), "x", PNG.length).bytes.length).toBe(PNG.length);
    expect(refused(() => decodeBase64Image(Buffer.from("GIF89a-----").toString("base64"), "x.imageBase64", 1000))).toBe(
      "x.imageBase64: the image must be a JPEG or a PNG",
    );
    // a small file declaring a huge picture (decompression bomb), and a header without a size
    expect(refused(() => decodeBase64Image(pngHeader(10_000, 10_000).toString("base64"), "x.imageBase64", 1000))).toBe(
      "x.imageBase64: the image is larger than 16 megapixels",
    );
    // 16 megapixels hold a phone's photo of a CNH or a selfie; the 6,320 x 6,320 of issue 21 do not
    expect(refused(() => decodeBase64Image(pngHeader(6320, 6320).toString("base64"), "x.imageBase64", 1000))).toBe(
      "x.imageBase64: the image is larger than 16 megapixels",
    );
    expect(refused(() => decodeBase64Image(pngHeader(4001, 4000).toString("base64"), "x.imageBase64", 1000))).toBe(
      "x.imageBase64: the image is larger than 16 megapixels",
    );
    expect(decodeBase64Image(pngHeader(4000, 4000).toString("base64"), "x", 1000).contentType).toBe("image/png");
    expect(decodeBase64Image(pngHeader(4608, 3456).toString("base64"), "x", 1000).contentType).toBe("image/png");
    const noFrame = Buffer.from([0xff, 0xd8, 0xff, 0xd9]);
    expect(refused(() => decodeBase64Image(noFrame.toString("base64"), "x.imageBase64", 1000))).toBe(
      "x.imageBase64: the image has no readable size in its header",
    );
  });
});

describe("checkImageUrl", () => {
  it.each([
    ["not a url", "f must be an absolute URL"],
    ["http://203.0.114.1/a.png", "f must use https"],
    ["ftp://203.0.114.1/a.png", "f must use https"],
    ["https://user:pw@203.0.114.1/a.png", "f must not contain credentials"],
    ["https://10.0.0.1/a.png", "f points to a refused destination"],
    ["https://192.168.1.10/a.png", "f points to a refused destination"],
    ["https://169.254.169.254/latest", "f points to a refused destination"],
    ["https://[fd00:ec2::254]/", "f points to a refused destination"],
    ["https://[::ffff:127.0.0.1]/", "f points to a refused destination"],
    ["https://0x7f.1/a.png", "f points to a refused destination"],
    ["https://localhost/a.png", "f points to a refused destination"],
    ["https://api.localhost/a.png", "f points to a refused destination"],
  ])("%s: %s", (url, message) => {
    expect(() => checkImageUrl(url, "f", EMPTY_ALLOW_LIST)).toThrow(message);
  });

  it("accepts a public address and a name (names are checked again after DNS)", () => {
    expect(checkImageUrl("https://8.8.4.4/a.png", "f", EMPTY_ALLOW_LIST).hostname).toBe("8.8.4.4");
    expect(checkImageUrl("https://images.example/a.png", "f", EMPTY_ALLOW_LIST).hostname).toBe("images.example");
  });
});

describe("fetchImage against a real HTTPS server", () => {
  let receiver: HttpsReceiver;
  beforeAll(async () => {
    receiver = await startHttpsReceiver();
  });
  afterAll(async () => {
    await receiver.close();
  });
  beforeEach(() => {
    receiver.requests.length = 0;
  });

  const fetch = (over: Partial<Parameters<typeof fetchImage>[2]> = {}, url = `${receiver.url}/img`) =>
    fetchImage(url, "f", { allowList, maxBytes: 1000, timeoutMs: 5000, ca: receiver.ca, ...over });

  it("downloads a PNG with a GET, typed by its bytes", async () => {
    receiver.setHandler((_req, res) => res.writeHead(200, { "content-type": "application/octet-stream" }).end(PNG));
    expect(await fetch()).toEqual({ bytes: PNG, contentType: "image/png" });
    expect(receiver.requests[0]!.method).toBe("GET");
  });

  it("refuses a loopback address that is not allow-listed, without connecting", async () => {
    await expect(fetch({ allowList: EMPTY_ALLOW_LIST })).rejects.toThrow("f points to a refused destination");
    expect(receiver.requests).toHaveLength(0);
  });

  it("does not follow a redirect", async () => {
    receiver.setHandler((_req, res) => res.writeHead(302, { location: "https://10.0.0.1/x" }).end());
    // the answer says only that the image could not be read; the status is for the log
    await expect(fetch()).rejects.toMatchObject({ message: "f: the image could not be read", detail: "redirect (HTTP 302), not followed" });
    expect(receiver.requests).toHaveLength(1);
  });

  it("refuses an error status, a declared length above the cap, and a body that grows past it", async () => {
    receiver.setHandler((_req, res) => res.writeHead(500).end());
    await expect(fetch()).rejects.toMatchObject({ message: "f: the image could not be read", detail: "HTTP 500" });
    receiver.setHandler((_req, res) => res.writeHead(200, { "content-length": "5000" }).end(Buffer.alloc(5000)));
    await expect(fetch()).rejects.toThrow("f: the image is larger than 1000 bytes");
    receiver.setHandler((_req, res) => {
      res.writeHead(200); // chunked, no length
      for (let i = 0; i < 10; i++) res.write(Buffer.alloc(300));
      res.end();
    });
    await expect(fetch()).rejects.toThrow("f: the image is larger than 1000 bytes");
  });

  it("refuses what is not a JPEG or a PNG, whatever its Content-Type says", async () => {
    receiver.setHandler((_req, res) => res.writeHead(200, { "content-type": "image/png" }).end("<html></html>"));
    await expect(fetch()).rejects.toThrow("f: the image must be a JPEG or a PNG");
  });

  it("gives up after the time limit", async () => {
    receiver.setHandler(() => {}); // never answers
    await expect(fetch({ timeoutMs: 300 })).rejects.toThrow("f: the image could not be downloaded within 300 ms");
  });

  it("fails on a certificate it does not trust", async () => {
    receiver.setHandler((_req, res) => res.writeHead(200).end(PNG));
    await expect(fetch({ ca: undefined })).rejects.toMatchObject({ message: "f: the image could not be read", detail: expect.any(String) });
  });
});
