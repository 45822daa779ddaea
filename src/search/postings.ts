// Pure: a word's postings (the documents that hold it, each with the word's weight there) packed
// into bytes, as the index stores them: one row per word, read whole in one lookup. The document
// numbers (uint32) come first, then the weights (float32), both little-endian, so they are read
// as typed arrays without a pass over the bytes.

/** Packs parallel lists of document numbers and weights. */
export function encodePostings(docIds: readonly number[], weights: readonly number[]): Uint8Array {
  const n = docIds.length;
  const bytes = new Uint8Array(n * 8);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < n; i++) {
    view.setUint32(i * 4, docIds[i]!, true);
    view.setFloat32(n * 4 + i * 4, weights[i]!, true);
  }
  return bytes;
}

/** Unpacked postings: document numbers and their weights, index by index. */
export interface Postings {
  readonly docIds: Uint32Array;
  readonly weights: Float32Array;
}

const IS_LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/** Reads packed postings (copied once when the bytes are not 4-byte aligned). */
export function decodePostings(bytes: Uint8Array): Postings {
  const n = Math.floor(bytes.byteLength / 8);
  if (!IS_LITTLE_ENDIAN) {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    return {
      docIds: Uint32Array.from({ length: n }, (_, i) => view.getUint32(i * 4, true)),
      weights: Float32Array.from({ length: n }, (_, i) => view.getFloat32(n * 4 + i * 4, true)),
    };
  }
  const aligned = bytes.byteOffset % 4 === 0 ? bytes : bytes.slice();
  return {
    docIds: new Uint32Array(aligned.buffer, aligned.byteOffset, n),
    weights: new Float32Array(aligned.buffer, aligned.byteOffset + n * 4, n),
  };
}
