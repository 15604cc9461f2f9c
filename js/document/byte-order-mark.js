// @ts-check
// A UTF-8 byte-order mark, which the writers' ledger reads before a
// zarr.json's text (in lenient mode only) but which JSON text itself may
// not hold: whoever locates values in the text skips it first.

// The length of a UTF-8 byte-order mark at the start of `bytes`: 3 or 0.
/** @param {Uint8Array} bytes */
export const bomLength = (bytes) => (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0);
