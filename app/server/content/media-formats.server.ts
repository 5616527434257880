/**
 * What an uploaded file is, from its bytes only (never its name or declared type), and what its headers say about it:
 * an image's dimensions, an audio file's duration where the container states it cheaply. Formats the library takes:
 * JPEG, PNG, WebP, AVIF, GIF; Ogg (Opus, Vorbis), MP3, M4A (AAC in MP4), ADTS AAC, WAV.
 */
import type { MediaKind } from "~/lib/media-schemas";

export type SniffedFormat = { kind: MediaKind; contentType: string; extension: string };

const ascii = (bytes: Uint8Array, start: number, length: number) => String.fromCharCode(...bytes.subarray(start, start + length));
const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

const IMAGE_BRANDS = ["avif", "avis"];
const AUDIO_BRANDS = ["M4A ", "M4B ", "mp42", "isom", "iso2", "dash"];

/** The format of a file from its first bytes (a few dozen suffice), or null for anything the library does not take. */
export function sniffFormat(head: Uint8Array): SniffedFormat | null {
  if (head.length < 12) return null;
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return { kind: "image", contentType: "image/jpeg", extension: "jpg" };
  if (ascii(head, 0, 8) === "\x89PNG\r\n\x1a\n") return { kind: "image", contentType: "image/png", extension: "png" };
  if (ascii(head, 0, 6) === "GIF87a" || ascii(head, 0, 6) === "GIF89a")
    return { kind: "image", contentType: "image/gif", extension: "gif" };
  if (ascii(head, 0, 4) === "RIFF" && ascii(head, 8, 4) === "WEBP") return { kind: "image", contentType: "image/webp", extension: "webp" };
  if (ascii(head, 0, 4) === "RIFF" && ascii(head, 8, 4) === "WAVE") return { kind: "audio", contentType: "audio/wav", extension: "wav" };
  if (ascii(head, 0, 4) === "OggS") return { kind: "audio", contentType: "audio/ogg", extension: "ogg" };
  if (ascii(head, 4, 4) === "ftyp") {
    const majorBrand = ascii(head, 8, 4);
    const brands = [majorBrand];
    const boxSize = view(head).getUint32(0);
    for (let offset = 16; offset + 4 <= Math.min(boxSize, head.length); offset += 4) brands.push(ascii(head, offset, 4));
    if (brands.some((brand) => IMAGE_BRANDS.includes(brand))) return { kind: "image", contentType: "image/avif", extension: "avif" };
    if (AUDIO_BRANDS.includes(majorBrand)) return { kind: "audio", contentType: "audio/mp4", extension: "m4a" };
    return null;
  }
  if (ascii(head, 0, 3) === "ID3" || mp3FrameAt(head, 0)) return { kind: "audio", contentType: "audio/mpeg", extension: "mp3" };
  // ADTS AAC: a 12-bit sync word, MPEG-4 or -2, layer 0.
  if (head[0] === 0xff && (view(head).getUint8(1) & 0xf6) === 0xf0) return { kind: "audio", contentType: "audio/aac", extension: "aac" };
  return null;
}

/** An image's width and height from its header bytes, or null when they are not within `head`. */
export function imageDimensions(head: Uint8Array, contentType: string): { width: number; height: number } | null {
  const data = view(head);
  const within = (end: number) => end <= head.length;
  switch (contentType) {
    case "image/png":
      return within(24) ? { width: data.getUint32(16), height: data.getUint32(20) } : null;
    case "image/gif":
      return { width: data.getUint16(6, true), height: data.getUint16(8, true) };
    case "image/webp": {
      const chunk = ascii(head, 12, 4);
      if (chunk === "VP8X" && within(30)) {
        const width = 1 + (data.getUint16(24, true) | (data.getUint8(26) << 16));
        return { width, height: 1 + (data.getUint16(27, true) | (data.getUint8(29) << 16)) };
      }
      if (chunk === "VP8L" && within(25)) {
        const bits = data.getUint32(21, true);
        return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
      }
      if (chunk === "VP8 " && within(30)) return { width: data.getUint16(26, true) & 0x3fff, height: data.getUint16(28, true) & 0x3fff };
      return null;
    }
    case "image/jpeg": {
      // Walk the segments to the first start-of-frame (SOF0-SOF15, not DHT C4, JPG C8, DAC CC).
      let offset = 2;
      while (within(offset + 9)) {
        if (head[offset] !== 0xff) return null;
        const marker = data.getUint8(offset + 1);
        if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
          return { width: data.getUint16(offset + 7), height: data.getUint16(offset + 5) };
        }
        offset += 2 + data.getUint16(offset + 2);
      }
      return null;
    }
    case "image/avif": {
      // The image spatial extents property: "ispe", version/flags, then width and height.
      for (let offset = 4; within(offset + 16); offset++) {
        if (ascii(head, offset, 4) === "ispe") return { width: data.getUint32(offset + 8), height: data.getUint32(offset + 12) };
      }
      return null;
    }
    default:
      return null;
  }
}

const MP3_BITRATES = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const MP3_SAMPLE_RATES = [44_100, 48_000, 32_000];

/** An MPEG-1 Layer III frame header at `offset`: its bitrate (kbit/s) and sample rate, or null. */
function mp3FrameAt(bytes: Uint8Array, offset: number) {
  if (offset + 4 > bytes.length) return null;
  const data = view(bytes);
  if (data.getUint8(offset) !== 0xff || (data.getUint8(offset + 1) & 0xfe) !== 0xfa) return null;
  const bitrate = MP3_BITRATES[data.getUint8(offset + 2) >> 4];
  const sampleRate = MP3_SAMPLE_RATES[(data.getUint8(offset + 2) >> 2) & 3];
  return bitrate && sampleRate ? { bitrate, sampleRate, mono: data.getUint8(offset + 3) >> 6 === 3 } : null;
}

/**
 * An audio file's duration in whole seconds from the bytes at its start (`head`), the end (`tail`, for Ogg's last
 * granule position) and its size; null when the container does not state it cheaply (the admin then enters it).
 */
export function audioDuration(head: Uint8Array, tail: Uint8Array, size: number, contentType: string): number | null {
  const data = view(head);
  const seconds = (value: number) => (Number.isFinite(value) && value > 0 ? Math.max(1, Math.round(value)) : null);
  switch (contentType) {
    case "audio/wav": {
      let byteRate = 0;
      for (let offset = 12; offset + 8 <= head.length; ) {
        const id = ascii(head, offset, 4);
        const length = data.getUint32(offset + 4, true);
        if (id === "fmt " && offset + 16 <= head.length) byteRate = data.getUint32(offset + 16, true);
        if (id === "data") return byteRate ? seconds(Math.min(length, size - offset - 8) / byteRate) : null;
        offset += 8 + length + (length % 2);
      }
      return null;
    }
    case "audio/ogg": {
      const last = tail.length >= 27 ? lastOggPage(tail) : -1;
      if (last < 0) return null;
      const granule = Number(view(tail).getBigInt64(last + 6, true));
      // Opus counts at 48 kHz after its pre-skip; Vorbis at the rate of its identification header.
      if (ascii(head, 28, 8) === "OpusHead") return seconds((granule - data.getUint16(28 + 10, true)) / 48_000);
      if (ascii(head, 29, 6) === "vorbis") return seconds(granule / data.getUint32(28 + 12, true));
      return null;
    }
    case "audio/mpeg": {
      let offset = 0;
      if (ascii(head, 0, 3) === "ID3" && head.length >= 10)
        offset = 10 + ((data.getUint8(6) << 21) | (data.getUint8(7) << 14) | (data.getUint8(8) << 7) | data.getUint8(9));
      const frame = mp3FrameAt(head, offset);
      if (!frame) return null;
      // A Xing/Info header (VBR encoders write one) counts the frames: 1152 samples each.
      const xing = offset + 4 + (frame.mono ? 17 : 32);
      const tag = ascii(head, xing, 4);
      if ((tag === "Xing" || tag === "Info") && xing + 12 <= head.length && data.getUint32(xing + 4) & 1) {
        return seconds((data.getUint32(xing + 8) * 1152) / frame.sampleRate);
      }
      // Otherwise constant bitrate: an estimate from the size.
      return seconds(((size - offset) * 8) / (frame.bitrate * 1000));
    }
    case "audio/mp4":
      return mp4Duration(head);
    default:
      return null;
  }
}

/** The offset of the last "OggS" page header within `tail`, or -1. */
function lastOggPage(tail: Uint8Array) {
  for (let offset = tail.length - 27; offset >= 0; offset--) {
    if (tail[offset] === 0x4f && ascii(tail, offset, 4) === "OggS") return offset;
  }
  return -1;
}

/** The movie header's duration (moov > mvhd), when the moov box is within `head` (files "optimised for streaming"). */
function mp4Duration(head: Uint8Array): number | null {
  const data = view(head);
  const find = (start: number, end: number, type: string) => {
    for (let offset = start; offset + 8 <= end; ) {
      const size = data.getUint32(offset);
      if (size < 8) return null;
      if (ascii(head, offset + 4, 4) === type) return { start: offset + 8, end: Math.min(offset + size, head.length) };
      offset += size;
    }
    return null;
  };
  const moov = find(0, head.length, "moov");
  const mvhd = moov && find(moov.start, moov.end, "mvhd");
  if (!mvhd || mvhd.start + 32 > head.length) return null;
  const version = head[mvhd.start];
  const timescale = data.getUint32(mvhd.start + (version === 1 ? 20 : 12));
  const duration = version === 1 ? Number(data.getBigUint64(mvhd.start + 24)) : data.getUint32(mvhd.start + 16);
  return timescale ? Math.max(1, Math.round(duration / timescale)) : null;
}
