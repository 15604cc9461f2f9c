// Streams for the inflater's tests (src/inflate/): zlib's gzip of given
// bytes, test payloads of several kinds, and a bit writer for deflate
// streams made by hand, valid or not, wrapped in a gzip member.
#pragma once
#include <zlib.h>

#include <cstdint>
#include <memory>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "inflate.h"

namespace zr_test {

using Bytes = std::vector<uint8_t>;

// zlib's gzip of `data` at a level and strategy, with header fields when
// `header` is given (FEXTRA, FNAME, FCOMMENT, FHCRC).
inline Bytes zlib_gzip(const Bytes &data, int level, int strategy = Z_DEFAULT_STRATEGY, gz_header *header = nullptr) {
  z_stream z{};
  if (deflateInit2(&z, level, Z_DEFLATED, 15 + 16, 8, strategy) != Z_OK) throw std::runtime_error("deflateInit2");
  if (header && deflateSetHeader(&z, header) != Z_OK) throw std::runtime_error("deflateSetHeader");
  Bytes out(deflateBound(&z, data.size()) + 1024);
  z.next_in = const_cast<uint8_t *>(data.data());
  z.avail_in = static_cast<uInt>(data.size());
  z.next_out = out.data();
  z.avail_out = static_cast<uInt>(out.size());
  if (deflate(&z, Z_FINISH) != Z_STREAM_END) throw std::runtime_error("deflate");
  out.resize(z.total_out);
  deflateEnd(&z);
  return out;
}

enum class Kind { Random, Repetitive, Text };

// `size` bytes of one kind: incompressible, long runs and repeats of a
// few bytes, or words (matches at many distances).
inline Bytes payload(Kind kind, size_t size, uint32_t seed) {
  std::mt19937 random(seed);
  Bytes out;
  out.reserve(size);
  static const char *const words[] = {"chunk", "grid", "rectilinear", "zarr", "edges", "shape", "array", " ", "\n", "{\"a\": 1}"};
  while (out.size() < size) {
    if (kind == Kind::Random) {
      out.push_back(static_cast<uint8_t>(random()));
    } else if (kind == Kind::Repetitive) {
      const uint8_t byte = static_cast<uint8_t>(random() % 4);
      for (uint32_t n = random() % 300; n > 0 && out.size() < size; n--) out.push_back(byte);
    } else {
      for (const char *c = words[random() % 10]; *c && out.size() < size; c++) out.push_back(static_cast<uint8_t>(*c));
    }
  }
  return out;
}

// Inflates `gz` into exactly `capacity` bytes of its own (so that the
// sanitizers see any access past either buffer): the result, and the
// output when it is not negative.
struct Inflated {
  int32_t result;
  Bytes out;
};
inline Inflated inflate_gz(const Bytes &gz, size_t capacity) {
  const Bytes in(gz);  // exactly gz.size() bytes
  auto out = std::make_unique<uint8_t[]>(capacity + 1);
  const int32_t result = gunzip(in.data(), static_cast<uint32_t>(in.size()), out.get(), static_cast<uint32_t>(capacity));
  return {result, result < 0 ? Bytes{} : Bytes(out.get(), out.get() + result)};
}

// Bits written LSB first, as deflate reads them.
struct BitWriter {
  Bytes bytes;
  uint32_t used = 0;  // bits used in the last byte
  void bits(uint32_t value, uint32_t count) {
    for (uint32_t i = 0; i < count; i++) {
      if (used == 0) bytes.push_back(0);
      bytes.back() |= static_cast<uint8_t>(((value >> i) & 1) << used);
      used = (used + 1) & 7;
    }
  }
  // A Huffman code: its bits go most significant first.
  void code(uint32_t value, uint32_t length) {
    for (uint32_t i = length; i-- > 0;) bits((value >> i) & 1, 1);
  }
  void align() { used = 0; }
};

// A literal/length symbol of the fixed code (RFC 1951, 3.2.6).
inline void fixed_symbol(BitWriter &w, uint32_t symbol) {
  if (symbol < 144) w.code(0x30 + symbol, 8);
  else if (symbol < 256) w.code(0x190 + symbol - 144, 9);
  else if (symbol < 280) w.code(symbol - 256, 7);
  else w.code(0xc0 + symbol - 280, 8);
}

// The canonical code of each symbol (RFC 1951, 3.2.2), by its length.
inline std::vector<uint32_t> canonical_codes(const std::vector<uint8_t> &lengths) {
  uint32_t count[16] = {}, next[16] = {};
  for (uint8_t length : lengths) count[length]++;
  count[0] = 0;
  for (uint32_t bits = 1, code = 0; bits < 16; bits++) next[bits] = code = (code + count[bits - 1]) << 1;
  std::vector<uint32_t> codes(lengths.size());
  for (size_t i = 0; i < lengths.size(); i++) {
    if (lengths[i]) codes[i] = next[lengths[i]]++;
  }
  return codes;
}

// A dynamic block's header for these code lengths, sent without repeats
// through a code-length code of sixteen 4-bit codes (symbols 0 to 15).
inline void dynamic_header(BitWriter &w, const std::vector<uint8_t> &literals, const std::vector<uint8_t> &distances) {
  w.bits(static_cast<uint32_t>(literals.size() - 257), 5);
  w.bits(static_cast<uint32_t>(distances.size() - 1), 5);
  w.bits(19 - 4, 4);
  static const uint8_t order[19] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};
  for (uint8_t symbol : order) w.bits(symbol < 16 ? 4 : 0, 3);
  for (uint8_t length : literals) w.code(length, 4);
  for (uint8_t length : distances) w.code(length, 4);
}

// A dynamic block's start (BFINAL set, BTYPE 10) and header.
inline BitWriter dynamic_block(const std::vector<uint8_t> &literals, const std::vector<uint8_t> &distances) {
  BitWriter w;
  w.bits(1, 1);
  w.bits(2, 2);
  dynamic_header(w, literals, distances);
  return w;
}

// Literal/length lengths of three codes: 'a' (1 bit), end-of-block and
// length 3 (2 bits each).
inline std::vector<uint8_t> a_end_length3() {
  std::vector<uint8_t> literals(258, 0);
  literals['a'] = 1;
  literals[256] = 2;
  literals[257] = 2;
  return literals;
}

// A gzip member around a deflate stream, with this trailer.
inline Bytes gzip_member(const Bytes &deflate, uint32_t crc, uint32_t size) {
  Bytes out = {0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3};
  out.insert(out.end(), deflate.begin(), deflate.end());
  for (uint32_t word : {crc, size}) {
    for (int i = 0; i < 4; i++) out.push_back(static_cast<uint8_t>(word >> (8 * i)));
  }
  return out;
}

// A gzip member of a hand-made deflate stream whose output is `expected`
// (empty for an invalid stream).
inline Bytes gzip_of(const BitWriter &w, const Bytes &expected = {}) {
  return gzip_member(w.bytes, static_cast<uint32_t>(crc32(0, expected.data(), static_cast<uInt>(expected.size()))),
                     static_cast<uint32_t>(expected.size()));
}

}  // namespace zr_test
