/* The package's unpacker (docs/size.md, "The unpacker"): base64 (RFC 4648)
 * and the .lzma format that `xz --format=lzma` writes, decoded
 * synchronously, in a WebAssembly module of a few KB of its own, which
 * js/wasm/unpack.js uses to turn the embedded modules back into bytes. Written
 * for hostile input: every read and write is bounds-checked, and every
 * invalid stream gives one of the negative codes below. */
#ifndef ZR_UNPACK_H
#define ZR_UNPACK_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Every failure, by kind (js/wasm/unpack.js names the number in its Error). */
enum {
  UNPACK_BAD_BASE64 = -1,     /* a character outside the alphabet, a bad length or bad padding */
  UNPACK_BAD_PROPERTIES = -2, /* a properties byte past 224, or lc + lp above 4 */
  UNPACK_TRUNCATED = -3,      /* the input ends before the stream does (or before its header) */
  UNPACK_TOO_FAR_BACK = -4,   /* a distance past the start of the output */
  UNPACK_OUTPUT_FULL = -5,    /* more output than out_capacity (or a header that says so) */
  UNPACK_BAD_SIZE = -6,       /* output that does not end at the header's size */
  UNPACK_CORRUPT = -7,        /* a range coder that does not start with 0 or does not end at 0 */
  UNPACK_TRAILING_DATA = -8,  /* bytes after the end of the stream */
};

/* Decodes `length` bytes of base64 text (standard alphabet, `=` padding)
 * in place; gives the decoded length, or UNPACK_BAD_BASE64. */
int32_t base64_decode(uint8_t *text, uint32_t length);

/* Decodes the one .lzma stream (13-byte header, then LZMA data) in
 * in[0, in_length) into out[0, out_capacity); gives the output's length,
 * or a negative code. The output is the dictionary: the header's
 * dictionary size is not used. The two ranges must not overlap. Not
 * reentrant: the probabilities live in static memory (28 KB at most),
 * not on the small stack of the WebAssembly build. */
int32_t lzma_decode(const uint8_t *in, uint32_t in_length, uint8_t *out, uint32_t out_capacity);

#ifdef __cplusplus
}
#endif

#endif
