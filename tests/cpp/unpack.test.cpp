// The unpacker (src/unpack/), natively: liblzma's .lzma streams of many
// sizes and kinds, at every preset, with and without -e, with other
// literal and position bits, their size unknown or known, decode to their
// input; base64 decodes as RFC 4648 says. tests/cpp/unpack_hostile.test.cpp
// has the invalid streams.
#include <catch2/catch.hpp>

#include "unpack_streams.hpp"

using namespace zr_test;

namespace {

const size_t kSizes[] = {0, 1, 2, 3, 10, 100, 1000, 4096, 65537, 200000};

std::string describe(Kind kind, size_t size, uint32_t preset) {
  return "kind " + std::to_string(static_cast<int>(kind)) + ", " + std::to_string(size) + " bytes, preset " +
         std::to_string(preset & LZMA_PRESET_LEVEL_MASK) + ((preset & LZMA_PRESET_EXTREME) ? "e" : "");
}

}  // namespace

TEST_CASE("unpack: liblzma's .lzma at every preset, of every kind and size, decodes to its input", "[unpack]") {
  for (Kind kind : {Kind::Random, Kind::Repetitive, Kind::Text}) {
    for (size_t size : kSizes) {
      const Bytes data = payload(kind, size, static_cast<uint32_t>(size));
      for (uint32_t level = 0; level <= 9; level++) {
        for (uint32_t extreme : {0u, static_cast<uint32_t>(LZMA_PRESET_EXTREME)}) {
          // The slowest presets on the largest inputs add time, not cases.
          if (size > 65537 && extreme && level > 2) continue;
          INFO(describe(kind, size, level | extreme));
          const Bytes stream = lzma_alone(data, level | extreme);
          const Unpacked got = unpack(stream, size);
          REQUIRE(got.result == static_cast<int32_t>(size));
          REQUIRE(got.out == data);
          // With room to spare, the end marker still ends it.
          REQUIRE(unpack(stream, size + 100).result == static_cast<int32_t>(size));
        }
      }
    }
  }
}

TEST_CASE("unpack: the same streams with their size in the header decode to their input", "[unpack]") {
  for (Kind kind : {Kind::Random, Kind::Repetitive, Kind::Text}) {
    for (size_t size : kSizes) {
      const Bytes data = payload(kind, size, static_cast<uint32_t>(size) + 1);
      INFO(describe(kind, size, 6));
      const Unpacked got = unpack(with_size(lzma_alone(data, 6), size), size);
      REQUIRE(got.result == static_cast<int32_t>(size));
      REQUIRE(got.out == data);
    }
  }
}

TEST_CASE("unpack: every literal, position and position-state bits liblzma allows decode", "[unpack]") {
  const Bytes text = payload(Kind::Text, 30000, 3), random = payload(Kind::Random, 3000, 4);
  for (uint32_t lc = 0; lc <= 4; lc++) {
    for (uint32_t lp = 0; lc + lp <= 4; lp++) {
      for (uint32_t pb = 0; pb <= 4; pb++) {
        INFO("lc " << lc << ", lp " << lp << ", pb " << pb);
        for (const Bytes *data : {&text, &random}) {
          const Bytes stream = lzma_alone(*data, 6, {lc, lp, pb});
          REQUIRE(stream[0] == lc + 9 * lp + 45 * pb);
          const Unpacked got = unpack(stream, data->size());
          REQUIRE(got.result == static_cast<int32_t>(data->size()));
          REQUIRE(got.out == *data);
        }
      }
    }
  }
}

TEST_CASE("unpack: long matches and repeated distances, across a large output", "[unpack]") {
  // Text, then the same text again, then runs: matches of the longest
  // length (273) at distances near the whole output, and rep matches.
  Bytes data = payload(Kind::Text, 300000, 9);
  data.insert(data.end(), data.begin(), data.end());
  const Bytes runs = payload(Kind::Repetitive, 100000, 10);
  data.insert(data.end(), runs.begin(), runs.end());
  const Unpacked got = unpack(lzma_alone(data, 9 | LZMA_PRESET_EXTREME), data.size());
  REQUIRE(got.result == static_cast<int32_t>(data.size()));
  CHECK(got.out == data);
}

TEST_CASE("unpack: a stream made by hand decodes as its symbols say", "[unpack]") {
  // 'a' (a literal: isMatch 0, then its 8 bits), then nothing more than
  // its size: a stream of known size may end without an end marker.
  CHECK(unpack(HandStream(1).bits(0, 1).bits('a', 8).finish(), 1).out == Bytes{'a'});
}

namespace {

std::string base64(const Bytes &bytes) {
  static const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  for (size_t i = 0; i < bytes.size(); i += 3) {
    const size_t left = bytes.size() - i;
    const uint32_t group = bytes[i] << 16 | (left > 1 ? bytes[i + 1] << 8 : 0) | (left > 2 ? bytes[i + 2] : 0);
    for (size_t k = 0; k < 4; k++) out += k <= left ? alphabet[(group >> (18 - 6 * k)) & 63] : '=';
  }
  return out;
}

int32_t decode(const std::string &text, Bytes *out = nullptr) {
  Bytes bytes(text.begin(), text.end());  // exactly its length
  const int32_t result = base64_decode(bytes.data(), static_cast<uint32_t>(bytes.size()));
  if (out && result >= 0) *out = Bytes(bytes.begin(), bytes.begin() + result);
  return result;
}

}  // namespace

TEST_CASE("unpack: base64 of any bytes decodes in place to them", "[unpack][base64]") {
  CHECK(base64({'M', 'a', 'n'}) == "TWFu");
  CHECK(base64({'M', 'a'}) == "TWE=");
  CHECK(base64({'M'}) == "TQ==");
  for (size_t size = 0; size < 200; size++) {
    const Bytes data = payload(Kind::Random, size, static_cast<uint32_t>(size));
    Bytes got;
    INFO(size << " bytes");
    REQUIRE(decode(base64(data), &got) == static_cast<int32_t>(size));
    CHECK(got == data);
  }
}

TEST_CASE("unpack: base64 that is not RFC 4648's standard alphabet with padding is refused", "[unpack][base64]") {
  for (const char *bad : {"A", "AB", "ABC", "ABCDE", "AB-D", "AB_D", "A B=", "AB=D", "A===", "====", "QR==", "TWF=", "TW\x80u", "TWFu\n"}) {
    INFO(bad);
    CHECK(decode(bad) == UNPACK_BAD_BASE64);
  }
  CHECK(decode("") == 0);
}
