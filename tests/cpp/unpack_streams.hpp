// Streams for the unpacker's tests (src/unpack/): liblzma's .lzma of given
// bytes (the reference encoder, used only here), test payloads of several
// kinds, and a range encoder for streams made by hand, valid or not.
#pragma once
#include <lzma.h>

#include <cstdint>
#include <memory>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "unpack.h"

namespace zr_test {

using Bytes = std::vector<uint8_t>;

// LZMA's literal, position and position-state bits, as the header's
// properties byte gives them.
struct Properties {
  uint32_t lc = 3, lp = 0, pb = 2;
};

// Runs a liblzma coder over all of `in` into `out` (its size the room
// given, then what was written), and ends it; gives lzma_code's answer,
// and whether all of `in` was read.
inline lzma_ret run_coder(lzma_stream &stream, const Bytes &in, Bytes &out, bool *all_read = nullptr) {
  stream.next_in = in.data();
  stream.avail_in = in.size();
  stream.next_out = out.data();
  stream.avail_out = out.size();
  const lzma_ret done = lzma_code(&stream, LZMA_FINISH);
  out.resize(stream.total_out);
  if (all_read) *all_read = stream.avail_in == 0;
  lzma_end(&stream);
  return done;
}

// liblzma's .lzma (LZMA_Alone) of `data` at a preset (with
// LZMA_PRESET_EXTREME or not), with these properties: its size unknown in
// the header and an end marker, as `xz --format=lzma` writes it.
inline Bytes lzma_alone(const Bytes &data, uint32_t preset, Properties properties = {}) {
  lzma_options_lzma options;
  if (lzma_lzma_preset(&options, preset)) throw std::runtime_error("lzma_lzma_preset");
  options.lc = properties.lc;
  options.lp = properties.lp;
  options.pb = properties.pb;
  lzma_stream stream = LZMA_STREAM_INIT;
  if (lzma_alone_encoder(&stream, &options) != LZMA_OK) throw std::runtime_error("lzma_alone_encoder");
  Bytes out(data.size() + data.size() / 2 + 1024);
  if (run_coder(stream, data, out) != LZMA_STREAM_END) throw std::runtime_error("lzma_code");
  return out;
}

// The same stream with its size written in the header (8 bytes from byte
// 5, little-endian), as the package embeds it: the end marker stays.
inline Bytes with_size(Bytes stream, uint64_t size) {
  if (stream.size() < 13) throw std::invalid_argument("with_size: no header");
  for (int i = 0; i < 8; i++) stream[5 + i] = static_cast<uint8_t>(size >> (8 * i));
  return stream;
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

// Decodes `stream` into exactly `capacity` bytes of its own (so that the
// sanitizers see any access past either buffer): the result, and the
// output when it is not negative.
struct Unpacked {
  int32_t result;
  Bytes out;
};
inline Unpacked unpack(const Bytes &stream, size_t capacity) {
  const Bytes in(stream);  // exactly stream.size() bytes
  auto out = std::make_unique<uint8_t[]>(capacity);
  const int32_t result = lzma_decode(in.data(), static_cast<uint32_t>(in.size()), out.get(), static_cast<uint32_t>(capacity));
  return {result, result < 0 ? Bytes{} : Bytes(out.get(), out.get() + result)};
}

// liblzma's decoder's answer for a stream: its output, or nothing when it
// refuses the stream.
inline bool liblzma_decodes(const Bytes &stream, Bytes *out) {
  lzma_stream decoder = LZMA_STREAM_INIT;
  if (lzma_alone_decoder(&decoder, UINT64_MAX) != LZMA_OK) throw std::runtime_error("lzma_alone_decoder");
  Bytes buffer(1 << 20);
  bool all_read = false;
  const bool whole = run_coder(decoder, stream, buffer, &all_read) == LZMA_STREAM_END && all_read;
  if (whole) *out = buffer;
  return whole;
}

// A .lzma stream made by hand: a header (properties 3/0/2, this size),
// then bits range-coded each at the probability of one half, which is
// what each probability is at its first use: so a stream of symbols that
// each use probabilities not used before, a fresh decoder reads as given.
struct HandStream {
  Bytes out;
  uint64_t low = 0;
  uint32_t range = 0xffffffffu;
  uint8_t cache = 0;
  uint64_t pending = 1;  // the cached byte and the 0xff bytes after it

  explicit HandStream(uint64_t size = UINT64_MAX) : out{3 + 9 * 0 + 45 * 2, 0, 0, 1, 0} {
    for (int i = 0; i < 8; i++) out.push_back(static_cast<uint8_t>(size >> (8 * i)));
  }
  void shift_low() {
    if (static_cast<uint32_t>(low) < 0xff000000u || (low >> 32) != 0) {
      const uint8_t carry = static_cast<uint8_t>(low >> 32);
      for (uint8_t byte = cache; pending; pending--, byte = 0xff) out.push_back(static_cast<uint8_t>(byte + carry));
      cache = static_cast<uint8_t>(low >> 24);
    }
    pending++;
    low = (low & 0x00ffffffu) << 8;
  }
  // Bits at a fresh probability, most significant first.
  HandStream &bits(uint32_t value, uint32_t count) {
    for (uint32_t i = count; i-- > 0;) {
      const uint32_t bound = (range >> 11) * 1024;
      if ((value >> i) & 1) {
        low += bound;
        range -= bound;
      } else {
        range = bound;
      }
      while (range < (1u << 24)) {
        range <<= 8;
        shift_low();
      }
    }
    return *this;
  }
  Bytes finish() {
    for (int i = 0; i < 5; i++) shift_low();
    return out;
  }
};

}  // namespace zr_test
