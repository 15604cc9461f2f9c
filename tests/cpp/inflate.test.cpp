// The inflater (src/inflate/), natively: zlib's gzip streams of many sizes,
// kinds, levels and strategies inflate to their input; base64 decodes as
// RFC 4648 says. tests/cpp/inflate_hostile.test.cpp has the invalid streams.
#include <catch2/catch.hpp>

#include "inflate_streams.hpp"

using namespace zr_test;

namespace {

const size_t kSizes[] = {0, 1, 2, 3, 10, 100, 1000, 32767, 32768, 65535, 65536, 65537, 200000};

std::string describe(Kind kind, size_t size, int level, int strategy) {
  return "kind " + std::to_string(static_cast<int>(kind)) + ", " + std::to_string(size) + " bytes, level " +
         std::to_string(level) + ", strategy " + std::to_string(strategy);
}

}  // namespace

TEST_CASE("inflate: zlib's gzip at every level, of every kind and size, inflates to its input", "[inflate]") {
  for (Kind kind : {Kind::Random, Kind::Repetitive, Kind::Text}) {
    for (size_t size : kSizes) {
      const Bytes data = payload(kind, size, static_cast<uint32_t>(size));
      for (int level = 0; level <= 9; level++) {
        INFO(describe(kind, size, level, Z_DEFAULT_STRATEGY));
        const Inflated got = inflate_gz(zlib_gzip(data, level), size);
        REQUIRE(got.result == static_cast<int32_t>(size));
        REQUIRE(got.out == data);
      }
    }
  }
}

TEST_CASE("inflate: zlib's fixed-code, Huffman-only and run-length streams inflate to their input", "[inflate]") {
  for (Kind kind : {Kind::Random, Kind::Repetitive, Kind::Text}) {
    for (size_t size : kSizes) {
      const Bytes data = payload(kind, size, static_cast<uint32_t>(size) + 1);
      for (int strategy : {Z_FIXED, Z_HUFFMAN_ONLY, Z_RLE, Z_FILTERED}) {
        for (int level : {1, 6, 9}) {
          INFO(describe(kind, size, level, strategy));
          const Inflated got = inflate_gz(zlib_gzip(data, level, strategy), size);
          REQUIRE(got.result == static_cast<int32_t>(size));
          REQUIRE(got.out == data);
        }
      }
    }
  }
}

TEST_CASE("inflate: the header's optional fields are skipped", "[inflate]") {
  const Bytes data = payload(Kind::Text, 5000, 7);
  std::string extra = "zr\x04\x00test", name = "module.wasm", comment = "a comment";
  for (int fields = 0; fields < 16; fields++) {
    gz_header header{};
    if (fields & 1) {
      header.extra = reinterpret_cast<Bytef *>(extra.data());
      header.extra_len = static_cast<uInt>(extra.size());
    }
    if (fields & 2) header.name = reinterpret_cast<Bytef *>(name.data());
    if (fields & 4) header.comment = reinterpret_cast<Bytef *>(comment.data());
    header.hcrc = (fields & 8) ? 1 : 0;
    INFO("fields " << fields);
    const Inflated got = inflate_gz(zlib_gzip(data, 6, Z_DEFAULT_STRATEGY, &header), data.size());
    REQUIRE(got.result == static_cast<int32_t>(data.size()));
    CHECK(got.out == data);
  }
}

TEST_CASE("inflate: an empty payload inflates to nothing, in a buffer of no bytes", "[inflate]") {
  const Bytes gz = zlib_gzip({}, 9);
  CHECK(gz.size() == 20);
  CHECK(inflate_gz(gz, 0).result == 0);
  CHECK(gunzip(gz.data(), static_cast<uint32_t>(gz.size()), nullptr, 0) == 0);
}

TEST_CASE("inflate: a hand-made stream with a one-code distance code, and one with none, inflates", "[inflate]") {
  // One distance code, of one bit.
  const std::vector<uint8_t> literals = a_end_length3();
  const auto codes = canonical_codes(literals);
  BitWriter w = dynamic_block(literals, {1});
  w.code(codes['a'], 1);
  w.code(codes[257], 2);  // length 3, distance 1
  w.code(0, 1);
  w.code(codes[256], 2);
  const Bytes aaaa = {'a', 'a', 'a', 'a'};
  const Inflated got = inflate_gz(gzip_of(w, aaaa), 4);
  CHECK(got.result == 4);
  CHECK(got.out == aaaa);

  BitWriter none = dynamic_block(literals, {0});
  none.code(codes['a'], 1);
  none.code(codes[256], 2);
  CHECK(inflate_gz(gzip_of(none, {'a'}), 1).result == 1);
}

TEST_CASE("inflate: the largest distance and length reach back 32768 bytes", "[inflate]") {
  // zlib's level 9 on a 32768-byte block repeated finds matches 32768 back.
  Bytes data = payload(Kind::Random, 32768, 3);
  data.insert(data.end(), data.begin(), data.end());
  const Inflated got = inflate_gz(zlib_gzip(data, 9), data.size());
  REQUIRE(got.result == static_cast<int32_t>(data.size()));
  CHECK(got.out == data);
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

TEST_CASE("inflate: base64 of any bytes decodes in place to them", "[inflate][base64]") {
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

TEST_CASE("inflate: base64 that is not RFC 4648's standard alphabet with padding is refused", "[inflate][base64]") {
  for (const char *bad : {"A", "AB", "ABC", "ABCDE", "AB-D", "AB_D", "A B=", "AB=D", "A===", "====", "QR==", "TWF=", "TW\x80u", "TWFu\n"}) {
    INFO(bad);
    CHECK(decode(bad) == INFLATE_BAD_BASE64);
  }
  CHECK(decode("") == 0);
}
