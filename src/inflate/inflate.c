/* A gzip member (RFC 1952) inflated (RFC 1951): stored, fixed and dynamic
 * Huffman blocks, the trailer's CRC-32 and ISIZE checked. Small first
 * (its module ships in every bundle, docs/size.md), quick second: codes of
 * up to FAST_BITS bits decode with one table look-up, longer ones (rare)
 * bit by bit over the canonical code. All state is static, so that the
 * module needs no allocator and no stack; calls do not overlap
 * (WebAssembly here runs one call at a time). */
#include "inflate.h"

#define FAST_BITS 9
#define MAX_BITS 15

/* A canonical Huffman code. */
typedef struct {
  uint16_t count[MAX_BITS + 1]; /* how many codes of each length */
  uint16_t symbol[288];         /* the symbols in code order */
  /* By the next FAST_BITS bits of input: what walk() gives for them. */
  uint16_t fast[1 << FAST_BITS];
} Code;

/* The input, read LSB first through a bit buffer. Past its end the buffer
 * is fed zero bytes, counted in `fed`: a stream that consumed any of them
 * was truncated (truncated()). Checking once per block, and on failure,
 * keeps the check off the per-symbol path; meanwhile the zeros decode to
 * a bounded amount of output, an error or the end of a block. */
static struct {
  const uint8_t *in;
  uint32_t at, end;
  uint64_t bits;
  uint32_t count, fed;
} input;

static Code literals_code, distances_code;
static uint8_t lengths[286 + 30];
static uint32_t crc_table[256];

/* The next n <= 16 bits, not consumed. */
static uint32_t peek(uint32_t n) {
  while (input.count < n) {
    if (input.at < input.end) {
      input.bits |= (uint32_t)input.in[input.at++] << input.count;
    } else {
      input.fed++;
    }
    input.count += 8;
  }
  return (uint32_t)input.bits & ((1u << n) - 1);
}

static void drop(uint32_t n) {
  input.bits >>= n;
  input.count -= n;
}

static uint32_t take(uint32_t n) {
  uint32_t value = peek(n);
  drop(n);
  return value;
}

static int truncated(void) { return input.fed > input.count >> 3; }

/* The code of at most `max` bits that `bits` start with (LSB first), as
 * (length << 9) | symbol, or 0 for none. Codes of each length are
 * consecutive, from `first`, and their symbols too, from `index`. */
static uint32_t walk(const Code *code, uint32_t bits, uint32_t max) {
  uint32_t value = 0, first = 0, index = 0;
  for (uint32_t length = 1; length <= max; length++) {
    value |= bits & 1;
    bits >>= 1;
    uint32_t count = code->count[length];
    if (value < first + count) return length << 9 | code->symbol[index + value - first];
    index += count;
    first = (first + count) << 1;
    value <<= 1;
  }
  return 0;
}

/* Builds `code` from the lengths of n symbols. Over-subscribed lengths are
 * refused, and incomplete ones too (RFC 1951 allows them only for a
 * single code of one bit, or no code at all, where `sparse` is set). */
static int32_t build(Code *code, const uint8_t *length, uint32_t n, int sparse) {
  static uint16_t offset[MAX_BITS + 2]; /* static: no stack frame */
  uint32_t i, bits;
  for (i = 0; i <= MAX_BITS; i++) code->count[i] = 0;
  for (i = 0; i < n; i++) code->count[length[i]]++;
  int32_t left = 1;
  offset[1] = 0;
  for (bits = 1; bits <= MAX_BITS; bits++) {
    left = (left << 1) - code->count[bits];
    if (left < 0) return INFLATE_OVERSUBSCRIBED;
    offset[bits + 1] = offset[bits] + code->count[bits];
  }
  uint32_t used = n - code->count[0];
  if (left > 0 && !(sparse && (used == 0 || (used == 1 && code->count[1] == 1)))) return INFLATE_INCOMPLETE;
  for (i = 0; i < n; i++) {
    if (length[i]) code->symbol[offset[length[i]]++] = (uint16_t)i;
  }
  for (i = 0; i < (1u << FAST_BITS); i++) code->fast[i] = (uint16_t)walk(code, i, FAST_BITS);
  return 0;
}

/* The code that `bits` start with, as walk() gives it. */
static inline uint32_t lookup(const Code *code, uint32_t bits) {
  uint32_t entry = code->fast[bits & ((1u << FAST_BITS) - 1)];
  return entry ? entry : walk(code, bits, MAX_BITS);
}

/* The next symbol of `code`, or INFLATE_BAD_SYMBOL for an unused code. */
static int32_t decode(const Code *code) {
  uint32_t entry = lookup(code, peek(MAX_BITS));
  if (!entry) return INFLATE_BAD_SYMBOL;
  drop(entry >> 9);
  return (int32_t)(entry & 511);
}

static int32_t build_fixed(void) {
  uint32_t i;
  for (i = 0; i < 288; i++) lengths[i] = i < 144 ? 8 : i < 256 ? 9 : i < 280 ? 7 : 8;
  build(&literals_code, lengths, 288, 0);
  for (i = 0; i < 32; i++) lengths[i] = 5;
  return build(&distances_code, lengths, 32, 0);
}

/* A dynamic block's header: the code lengths, themselves Huffman-coded. */
static int32_t build_dynamic(void) {
  static const uint8_t order[19] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};
  uint32_t literals = take(5) + 257, distances = take(5) + 1, codes = take(4) + 4;
  if (literals > 286 || distances > 30) return INFLATE_BAD_COUNTS;
  uint32_t i, total = literals + distances;
  for (i = 0; i < 19; i++) lengths[order[i]] = (uint8_t)(i < codes ? take(3) : 0);
  /* The code-length code, built in the distance code's place. */
  int32_t status = build(&distances_code, lengths, 19, 0);
  if (status) return status;
  for (i = 0; i < total;) {
    int32_t symbol = decode(&distances_code);
    if (symbol < 0) return symbol;
    if (symbol < 16) {
      lengths[i++] = (uint8_t)symbol;
      continue;
    }
    uint8_t repeated = 0;
    uint32_t times;
    if (symbol == 16) {
      if (i == 0) return INFLATE_BAD_REPEAT;
      repeated = lengths[i - 1];
      times = 3 + take(2);
    } else {
      times = symbol == 17 ? 3 + take(3) : 11 + take(7);
    }
    if (times > total - i) return INFLATE_BAD_REPEAT;
    while (times--) lengths[i++] = repeated;
  }
  if (lengths[256] == 0) return INFLATE_NO_END_CODE;
  status = build(&literals_code, lengths, literals, 1);
  return status ? status : build(&distances_code, lengths + literals, distances, 1);
}

/* A Huffman-coded block's symbols, after out[0, n): the output's new
 * length, or a negative code. The path of every symbol, so it keeps the
 * bit buffer in locals (not in memory, which writes to `out` could
 * alias), filled once a symbol with the most it may take: 48 bits, a
 * length's code and extra bits, then a distance's. */
static int32_t huffman_block(uint8_t *out, uint32_t n, uint32_t capacity) {
  const uint8_t *in = input.in;
  uint32_t at = input.at, end = input.end, count = input.count, fed = input.fed;
  uint64_t bits = input.bits;
  int32_t result;
  for (;;) {
    while (count < 48) {
      if (at < end) {
        bits |= (uint64_t)in[at++] << count;
      } else {
        fed++;
      }
      count += 8;
    }
    uint32_t entry = lookup(&literals_code, (uint32_t)bits), s, extra = 0;
    result = INFLATE_BAD_SYMBOL;
    if (!entry) break;
    bits >>= entry >> 9;
    count -= entry >> 9;
    s = entry & 511;
    if (s < 256) {
      result = INFLATE_OUTPUT_FULL;
      if (n == capacity) break;
      out[n++] = (uint8_t)s;
      continue;
    }
    result = (int32_t)n;
    if (s == 256) break;
    /* Lengths and distances by formula, rather than RFC 1951's tables:
     * after the first few, each extra bit doubles the span. */
    s -= 257;
    uint32_t length = s + 3;
    if (s >= 8) {
      result = INFLATE_BAD_SYMBOL;
      if (s > 28) break;
      extra = s < 28 ? (s - 4) >> 2 : 0;
      length = s < 28 ? ((4 + (s & 3)) << extra) + 3 : 258;
    }
    length += (uint32_t)bits & ((1u << extra) - 1);
    bits >>= extra;
    count -= extra;
    entry = lookup(&distances_code, (uint32_t)bits);
    result = INFLATE_BAD_SYMBOL;
    s = entry & 511;
    if (!entry || s >= 30) break;
    bits >>= entry >> 9;
    count -= entry >> 9;
    uint32_t distance = s + 1;
    extra = 0;
    if (s >= 4) {
      extra = (s - 2) >> 1;
      distance = ((2 + (s & 1)) << extra) + 1;
    }
    distance += (uint32_t)bits & ((1u << extra) - 1);
    bits >>= extra;
    count -= extra;
    result = INFLATE_TOO_FAR_BACK;
    if (distance > n) break;
    result = INFLATE_OUTPUT_FULL;
    if (capacity - n < length) break;
    /* Byte by byte: the source may overlap what this copy writes. */
    const uint8_t *from = out + n - distance;
    for (uint32_t i = 0; i < length; i++) out[n + i] = from[i];
    n += length;
  }
  input.at = at;
  input.count = count;
  input.fed = fed;
  input.bits = bits;
  return result;
}

/* The blocks of a deflate stream, into out[0, capacity): the output's
 * length, or a negative code. */
static int32_t inflate(uint8_t *out, uint32_t capacity) {
  int32_t n = 0;
  uint32_t last;
  do {
    last = take(1);
    uint32_t type = take(2);
    if (type == 0) {
      drop(input.count & 7);
      uint32_t length = take(16);
      if ((length ^ take(16)) != 0xffff) return INFLATE_BAD_STORED_LENGTH;
      if (capacity - (uint32_t)n < length) return INFLATE_OUTPUT_FULL;
      /* Byte by byte through the bit buffer: stored blocks are rare, and
       * this needs no second way of reading. */
      while (length--) out[n++] = (uint8_t)take(8);
    } else if (type == 3) {
      return INFLATE_BAD_BLOCK_TYPE;
    } else {
      int32_t status = type == 1 ? build_fixed() : build_dynamic();
      if (status) return status;
      n = huffman_block(out, (uint32_t)n, capacity);
      if (n < 0) return n;
    }
    if (truncated()) return INFLATE_TRUNCATED;
  } while (!last);
  return n;
}

static uint32_t crc32(const uint8_t *bytes, uint32_t n) {
  if (crc_table[1] == 0) {
    for (uint32_t i = 0; i < 256; i++) {
      uint32_t c = i;
      for (int k = 0; k < 8; k++) c = c & 1 ? c >> 1 ^ 0xedb88320u : c >> 1;
      crc_table[i] = c;
    }
  }
  uint32_t crc = ~0u;
  for (uint32_t i = 0; i < n; i++) crc = crc_table[(crc ^ bytes[i]) & 255] ^ crc >> 8;
  return ~crc;
}

/* A little-endian word of the trailer. */
static uint32_t take32(void) {
  uint32_t low = take(16);
  return low | take(16) << 16;
}

/* The gzip member's header, deflate stream and trailer, all read through
 * the bit buffer (the header's fields are whole bytes at its start). */
static int32_t member(uint8_t *out, uint32_t capacity) {
  uint32_t magic = take(16), method = take(8), flags = take(8);
  if (magic != 0x8b1f || method != 8 || (flags & 0xe0)) return INFLATE_BAD_HEADER;
  take(16); /* MTIME, XFL and OS */
  take(16);
  take(16);
  if (flags & 4) { /* FEXTRA: its length, then as many bytes */
    for (uint32_t n = take(16); n > 0; n--) take(8);
  }
  /* FNAME, FCOMMENT: zero-terminated (past the input's end, by a zero fed) */
  if (flags & 8) while (take(8)) {}
  if (flags & 16) while (take(8)) {}
  if (flags & 2) take(16); /* FHCRC */
  if (truncated()) return INFLATE_TRUNCATED;
  int32_t n = inflate(out, capacity);
  if (n < 0) return n;
  drop(input.count & 7);
  uint32_t crc = take32(), size = take32();
  if (truncated()) return INFLATE_TRUNCATED;
  /* What is left in the bit buffer beyond the zeros fed, or in the input. */
  if (input.at < input.end || input.count > input.fed * 8) return INFLATE_TRAILING_DATA;
  if (size != (uint32_t)n) return INFLATE_BAD_SIZE;
  if (crc != crc32(out, (uint32_t)n)) return INFLATE_BAD_CRC;
  return n;
}

int32_t gunzip(const uint8_t *in, uint32_t in_length, uint8_t *out, uint32_t out_capacity) {
  input.in = in;
  input.at = 0;
  input.end = in_length;
  input.bits = input.count = input.fed = 0;
  /* The output's length must fit the result. */
  int32_t n = member(out, out_capacity > 0x7fffffff ? 0x7fffffff : out_capacity);
  /* Whatever went wrong, it went wrong past the input's end. */
  return n < 0 && truncated() ? INFLATE_TRUNCATED : n;
}
