/* A decoder of the .lzma format (the LZMA_Alone header and one LZMA
 * stream), as `xz --format=lzma` writes it (docs/size.md, "The
 * unpacker"). The whole output is in memory, so it is the dictionary: a
 * distance reaches back into what was written, and no further. The range
 * coder's state (range, code, the input pointer) and the coder's state
 * stay in locals, reached through the macros below, so that a baseline
 * WebAssembly compiler (V8's Liftoff runs a page's first call) keeps them
 * in registers, and the module stays small. */
#include "unpack.h"

/* Probabilities are 11-bit, starting at one half, moved by 1/32 of the
 * distance to 0 or 1 after each bit. */
#define PROB_BITS 11
#define PROB_HALF (1u << (PROB_BITS - 1))
#define MOVE_BITS 5
#define TOP (1u << 24)

/* The one table of probabilities, by part: isMatch and isRep0Long by
 * state and position state (12 x 16), the isRep choices by state, the
 * distance slots by length (4 x 64), the distances of slots 4 to 13
 * (114), the four align bits (16), the two length coders (a choice, a
 * second choice, 16 x 8 low, 16 x 8 middle, 256 high), and the literal
 * coders (0x300 each, up to 2^(lc + lp) of them). */
enum {
  IS_MATCH = 0,
  IS_REP = IS_MATCH + 192,
  IS_REP_G0 = IS_REP + 12,
  IS_REP_G1 = IS_REP_G0 + 12,
  IS_REP_G2 = IS_REP_G1 + 12,
  IS_REP0_LONG = IS_REP_G2 + 12,
  DIST_SLOT = IS_REP0_LONG + 192,
  DIST_SPECIAL = DIST_SLOT + 256,
  ALIGN = DIST_SPECIAL + 114,
  MATCH_LENGTH = ALIGN + 16,
  REP_LENGTH = MATCH_LENGTH + 514,
  LITERAL = REP_LENGTH + 514,
  LENGTH_LOW = 2,
  LENGTH_MID = LENGTH_LOW + 128,
  LENGTH_HIGH = LENGTH_MID + 128,
  PROBS = LITERAL + (0x300 << 4),
};

static uint16_t probs[PROBS];

/* Reads one more byte of input once the range is below 2^24. */
#define NORMALIZE                          \
  if (range < TOP) {                       \
    if (in == end) return UNPACK_TRUNCATED; \
    range <<= 8;                           \
    code = code << 8 | *in++;              \
  }

/* One bit, with the probability at `p`, into `bit`, by selects rather
 * than branches: a fifth faster under V8's baseline compiler (Liftoff),
 * which runs a page's first call, and as fast natively. */
#define BIT(p, bit)                                                           \
  do {                                                                        \
    uint16_t *p_ = (p);                                                       \
    uint32_t prob_ = *p_, bound_ = (range >> PROB_BITS) * prob_;              \
    bit = code >= bound_;                                                     \
    code -= bound_ & (0u - bit);                                              \
    range = bit ? range - bound_ : bound_;                                    \
    *p_ = (uint16_t)(bit ? prob_ - (prob_ >> MOVE_BITS)                       \
                         : prob_ + (((1u << PROB_BITS) - prob_) >> MOVE_BITS)); \
    NORMALIZE                                                                 \
  } while (0)

/* `count` bits, highest first, through the binary tree of probabilities
 * at `tree` (its node 1 the root): `node` ends as 2^count + the value. */
#define TREE(tree, count, node)                                   \
  do {                                                            \
    node = 1;                                                     \
    for (uint32_t i_ = 0; i_ < (count); i_++) {                   \
      uint32_t b_;                                                \
      BIT((tree) + node, b_);                                     \
      node = node << 1 | b_;                                      \
    }                                                             \
  } while (0)

int32_t lzma_decode(const uint8_t *in, uint32_t in_length, uint8_t *out, uint32_t out_capacity) {
  if (in_length < 13) return UNPACK_TRUNCATED;
  const uint8_t *end = in + in_length;
  uint32_t props = in[0];
  if (props >= 9 * 5 * 5) return UNPACK_BAD_PROPERTIES;
  uint32_t lc = props % 9, lp = props / 9 % 5, pb = props / 45;
  if (lc + lp > 4) return UNPACK_BAD_PROPERTIES;
  /* The size: 8 bytes, little-endian, all ones when the stream says where
   * it ends with an end marker instead. */
  uint32_t size_low = 0, size_high = 0;
  for (uint32_t i = 0; i < 4; i++) {
    size_low |= (uint32_t)in[5 + i] << 8 * i;
    size_high |= (uint32_t)in[9 + i] << 8 * i;
  }
  int known = !(size_low == 0xffffffffu && size_high == 0xffffffffu);
  if (known && (size_high || size_low > out_capacity || size_low > 0x7fffffffu)) return UNPACK_OUTPUT_FULL;
  /* Where output must stop: the size when known, else the capacity (an
   * int32 at most, as is the result). */
  uint32_t limit = known ? size_low : out_capacity > 0x7fffffffu ? 0x7fffffffu : out_capacity;
  int32_t past_limit = known ? UNPACK_BAD_SIZE : UNPACK_OUTPUT_FULL;
  in += 13;

  /* The range coder starts with a zero byte, then four of code. */
  if (end - in < 5) return UNPACK_TRUNCATED;
  if (*in++ != 0) return UNPACK_CORRUPT;
  uint32_t range = 0xffffffffu, code = 0;
  for (uint32_t i = 0; i < 4; i++) code = code << 8 | *in++;
  if (code == range) return UNPACK_CORRUPT;

  uint32_t literals = 0x300u << (lc + lp);
  for (uint32_t i = 0; i < LITERAL + literals; i++) probs[i] = PROB_HALF;
  uint32_t pos_mask = (1u << pb) - 1, literal_pos_mask = (1u << lp) - 1;
  uint32_t pos = 0, state = 0, rep0 = 0, rep1 = 0, rep2 = 0, rep3 = 0, bit, length;

  for (;;) {
    /* A stream of known size may end there without an end marker, its
     * range coder then at 0 and its input read (else an end marker must
     * follow, which takes more bytes). */
    if (known && pos == limit && code == 0 && in == end) break;
    uint32_t pos_state = pos & pos_mask;
    BIT(probs + IS_MATCH + (state << 4) + pos_state, bit);
    if (!bit) {
      /* A literal, coded by the position and the byte before it; after a
       * match, its bits are first coded against the byte at rep0 for as
       * long as they agree with it (`offset` 0x100 while they do, then 0). */
      if (pos == limit) return past_limit;
      uint32_t previous = pos ? out[pos - 1] : 0;
      uint16_t *coder = probs + LITERAL + 0x300 * (((pos & literal_pos_mask) << lc) + (previous >> (8 - lc)));
      uint32_t symbol = 1, offset = 0, matched = 0;
      if (state >= 7) {
        /* In bounds: the match that made the state 7 or more checked rep0. */
        matched = out[pos - rep0 - 1];
        offset = 0x100;
      }
      while (symbol < 0x100) {
        matched <<= 1;
        uint32_t match_bit = matched & offset;
        BIT(coder + offset + match_bit + symbol, bit);
        symbol = symbol << 1 | bit;
        offset &= bit ? match_bit : ~match_bit;
      }
      out[pos++] = (uint8_t)symbol;
      state = state < 4 ? 0 : state < 10 ? state - 3 : state - 6;
      continue;
    }
    uint16_t *lengths;
    int is_match;
    BIT(probs + IS_REP + state, bit);
    if (!bit) {
      /* A match at a new distance, which follows its length. */
      is_match = 1;
      lengths = probs + MATCH_LENGTH;
      state = state < 7 ? 7 : 10;
      rep3 = rep2;
      rep2 = rep1;
      rep1 = rep0;
    } else {
      /* A match at one of the last four distances. */
      is_match = 0;
      lengths = probs + REP_LENGTH;
      BIT(probs + IS_REP_G0 + state, bit);
      if (!bit) {
        BIT(probs + IS_REP0_LONG + (state << 4) + pos_state, bit);
        if (!bit) {
          /* One byte from rep0. */
          state = state < 7 ? 9 : 11;
          length = 1;
          goto copy;
        }
      } else {
        uint32_t distance;
        BIT(probs + IS_REP_G1 + state, bit);
        if (!bit) {
          distance = rep1;
        } else {
          BIT(probs + IS_REP_G2 + state, bit);
          if (!bit) {
            distance = rep2;
          } else {
            distance = rep3;
            rep3 = rep2;
          }
          rep2 = rep1;
        }
        rep1 = rep0;
        rep0 = distance;
      }
      state = state < 7 ? 8 : 11;
    }
    /* The length, less 2: 0-7 low, 8-15 middle (both by position state),
     * or 16-271 high. */
    {
      uint16_t *tree;
      uint32_t count = 3, base = 0;
      BIT(lengths, bit);
      if (!bit) {
        tree = lengths + LENGTH_LOW + (pos_state << 3);
      } else {
        BIT(lengths + 1, bit);
        if (!bit) {
          tree = lengths + LENGTH_MID + (pos_state << 3);
          base = 8;
        } else {
          tree = lengths + LENGTH_HIGH;
          count = 8;
          base = 16;
        }
      }
      TREE(tree, count, length);
      length = length - (1u << count) + base;
    }
    if (is_match) {
      /* The distance: a 6-bit slot (by length, up to 5), then for slots
       * from 4 its low bits, reversed, each by its own probability up to
       * slot 13, else the middle ones direct and the last four aligned. */
      uint32_t slot;
      TREE(probs + DIST_SLOT + ((length < 3 ? length : 3) << 6), 6, slot);
      slot -= 64;
      if (slot < 4) {
        rep0 = slot;
      } else {
        uint32_t count = (slot >> 1) - 1;
        rep0 = (2 | (slot & 1)) << count;
        uint16_t *tree = probs + DIST_SPECIAL + rep0 - slot - 1;
        if (slot >= 14) {
          uint32_t direct = 0;
          for (count -= 4; count; count--) {
            range >>= 1;
            bit = code >= range;
            if (bit) code -= range;
            direct = direct << 1 | bit;
            NORMALIZE
          }
          rep0 += direct << 4;
          tree = probs + ALIGN;
          count = 4;
        }
        uint32_t node = 1;
        for (uint32_t i = 0; i < count; i++) {
          BIT(tree + node, bit);
          node = node << 1 | bit;
          rep0 += bit << i;
        }
        /* The end marker: the largest distance there is. */
        if (rep0 == 0xffffffffu) break;
      }
    }
    length += 2;
  copy:
    if (rep0 >= pos) return UNPACK_TOO_FAR_BACK;
    if (length > limit - pos) return past_limit;
    /* Byte by byte: a match may overlap its own output. */
    for (const uint8_t *from = out + pos - rep0 - 1; length; length--) out[pos++] = *from++;
  }
  if (known && pos != limit) return UNPACK_BAD_SIZE;
  if (code != 0) return UNPACK_CORRUPT;
  if (in != end) return UNPACK_TRAILING_DATA;
  return (int32_t)pos;
}
