import type { FileHandle } from "node:fs/promises";

// Reads a ZIP's central directory (APPNOTE.TXT 4.3.12-4.3.16) without inflating anything: enough to tell
// a DOCX from an XLSX and to see how big word/document.xml would be before mammoth unpacks it.

export interface ZipEntry {
  name: string;
  /** null where the size lives in a ZIP64 extra field we do not read. */
  uncompressedSize: number | null;
}

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_END = 0x06064b50;
const CENTRAL_FILE_HEADER = 0x02014b50;
// The end record is 22 bytes plus a comment of at most 65,535 bytes.
const END_SEARCH_BYTES = 22 + 0xffff;
// A DOCX's directory is a few KiB; 16 MiB means hundreds of thousands of entries, not a document.
const MAX_CENTRAL_DIRECTORY_BYTES = 16 * 1024 * 1024;

async function readAt(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

/** The entries of the ZIP, or null when there is no readable central directory (truncated, broken). */
export async function listZipEntries(handle: FileHandle, size: number): Promise<ZipEntry[] | null> {
  const tailStart = Math.max(0, size - END_SEARCH_BYTES);
  const tail = await readAt(handle, tailStart, size - tailStart);
  let end = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === END_OF_CENTRAL_DIRECTORY) {
      end = i;
      break;
    }
  }
  if (end < 0) return null;

  let directorySize = tail.readUInt32LE(end + 12);
  let directoryOffset = tail.readUInt32LE(end + 16);
  if (directoryOffset === 0xffffffff && end >= 20 && tail.readUInt32LE(end - 20) === ZIP64_LOCATOR) {
    const zip64End = await readAt(handle, Number(tail.readBigUInt64LE(end - 20 + 8)), 56);
    if (zip64End.length < 56 || zip64End.readUInt32LE(0) !== ZIP64_END) return null;
    directorySize = Number(zip64End.readBigUInt64LE(40));
    directoryOffset = Number(zip64End.readBigUInt64LE(48));
  }
  if (directorySize > MAX_CENTRAL_DIRECTORY_BYTES || directoryOffset + directorySize > size) return null;

  const directory = await readAt(handle, directoryOffset, directorySize);
  const entries: ZipEntry[] = [];
  let at = 0;
  while (at + 46 <= directory.length && directory.readUInt32LE(at) === CENTRAL_FILE_HEADER) {
    const uncompressedSize = directory.readUInt32LE(at + 24);
    const nameLength = directory.readUInt16LE(at + 28);
    const extraLength = directory.readUInt16LE(at + 30);
    const commentLength = directory.readUInt16LE(at + 32);
    if (at + 46 + nameLength > directory.length) return null;
    entries.push({
      name: directory.toString("utf8", at + 46, at + 46 + nameLength),
      uncompressedSize: uncompressedSize === 0xffffffff ? null : uncompressedSize,
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries.length > 0 ? entries : null;
}
