/* The package's inflater (docs/size.md, "The inflater"): base64 and gzip
 * (RFC 4648, RFC 1952, RFC 1951) decoded synchronously, in a WebAssembly
 * module of a few KB of its own, which js/inflate.js uses to turn the
 * embedded modules back into bytes in browsers and workers. Written for
 * hostile input: every read and write is bounds-checked, and every invalid
 * stream gives one of the negative codes below. */
#ifndef ZR_INFLATE_H
#define ZR_INFLATE_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Every failure, by kind (js/inflate.js names the number in its Error). */
enum {
  INFLATE_BAD_BASE64 = -1,       /* a character outside the alphabet, a bad length or bad padding */
  INFLATE_BAD_HEADER = -2,       /* not a gzip member of method 8, or reserved flags set */
  INFLATE_TRUNCATED = -3,        /* the input ends before the stream does */
  INFLATE_BAD_BLOCK_TYPE = -4,   /* block type 3 */
  INFLATE_BAD_STORED_LENGTH = -5,/* a stored block whose LEN is not the complement of NLEN */
  INFLATE_BAD_COUNTS = -6,       /* more than 286 length or 30 distance codes */
  INFLATE_OVERSUBSCRIBED = -7,   /* code lengths that give more codes than there are */
  INFLATE_INCOMPLETE = -8,       /* code lengths that leave codes unused where RFC 1951 forbids it */
  INFLATE_BAD_REPEAT = -9,       /* a repeat with nothing before it, or past the last code length */
  INFLATE_NO_END_CODE = -10,     /* a dynamic block with no code for end-of-block */
  INFLATE_BAD_SYMBOL = -11,      /* an unused code, or length symbol 286/287, distance symbol 30/31 */
  INFLATE_TOO_FAR_BACK = -12,    /* a distance before the start of the output */
  INFLATE_OUTPUT_FULL = -13,     /* more output than out_capacity */
  INFLATE_BAD_SIZE = -14,        /* the trailer's ISIZE is not the output's length */
  INFLATE_BAD_CRC = -15,         /* the trailer's CRC-32 is not the output's */
  INFLATE_TRAILING_DATA = -16,   /* bytes after the gzip member */
};

/* Decodes `length` bytes of base64 text (standard alphabet, `=` padding)
 * in place; gives the decoded length, or INFLATE_BAD_BASE64. */
int32_t base64_decode(uint8_t *text, uint32_t length);

/* Inflates the one gzip member in in[0, in_length) into out[0,
 * out_capacity); gives the output's length, or a negative code. The two
 * ranges must not overlap. */
int32_t gunzip(const uint8_t *in, uint32_t in_length, uint8_t *out, uint32_t out_capacity);

#ifdef __cplusplus
}
#endif

#endif
