/* Base64 (RFC 4648, standard alphabet, `=` padding), decoded in place:
 * every byte is written after the characters that make it are read, so
 * the decoded bytes never overtake the text still unread. */
#include "unpack.h"

int32_t base64_decode(uint8_t *text, uint32_t length) {
  /* Padded text comes in groups of four; the result must fit an int32. */
  if ((length & 3) || length > 0x7ffffffc) return UNPACK_BAD_BASE64;
  if (length && text[length - 1] == '=') length -= text[length - 2] == '=' ? 2 : 1;
  uint32_t out = 0, bits = 0, count = 0;
  for (uint32_t i = 0; i < length; i++) {
    /* Ranges rather than a table: a table would be 256 bytes of the module. */
    uint32_t c = text[i], value;
    if (c - 'A' < 26) value = c - 'A';
    else if (c - 'a' < 26) value = c - 'a' + 26;
    else if (c - '0' < 10) value = c - '0' + 52;
    else if (c == '+') value = 62;
    else if (c == '/') value = 63;
    else return UNPACK_BAD_BASE64;
    bits = bits << 6 | value;
    count += 6;
    if (count >= 8) {
      count -= 8;
      text[out++] = (uint8_t)(bits >> count);
    }
  }
  /* The unused low bits of the last group must be zero, as every encoder
   * writes them: other text is the encoding of no bytes. */
  if (bits & ((1u << count) - 1)) return UNPACK_BAD_BASE64;
  return (int32_t)out;
}
