// The inflater (src/inflate/) on invalid streams: each kind of fault gives
// its own negative code, and none reads or writes outside its buffers (the
// sanitizer build runs these too) or runs on without end.
#include <catch2/catch.hpp>

#include "inflate_streams.hpp"

using namespace zr_test;

namespace {

const Bytes kText = payload(Kind::Text, 3000, 11);

// A fixed-code block's start: BFINAL set, BTYPE 01.
BitWriter fixed_block() {
  BitWriter w;
  w.bits(1, 1);
  w.bits(1, 2);
  return w;
}

int32_t result_of(const BitWriter &w, size_t capacity = 1000) { return inflate_gz(gzip_of(w), capacity).result; }

// 0..255 with 8-bit codes: complete, with no room for end-of-block.
std::vector<uint8_t> bytes_only() {
  std::vector<uint8_t> lengths(257, 8);
  lengths[256] = 0;
  return lengths;
}

}  // namespace

TEST_CASE("inflate: a stream cut short at any byte is truncated", "[inflate][hostile]") {
  for (int level : {0, 1, 9}) {
    for (int strategy : {Z_DEFAULT_STRATEGY, Z_FIXED}) {
      gz_header header{};
      std::string name = "name";
      header.name = reinterpret_cast<Bytef *>(name.data());
      header.hcrc = 1;
      const Bytes gz = zlib_gzip(Bytes(kText.begin(), kText.begin() + 600), level, strategy, &header);
      for (size_t length = 0; length < gz.size(); length++) {
        INFO("level " << level << ", strategy " << strategy << ", cut at " << length << " of " << gz.size());
        REQUIRE(inflate_gz(Bytes(gz.begin(), gz.begin() + static_cast<long>(length)), 600).result == INFLATE_TRUNCATED);
      }
    }
  }
}

TEST_CASE("inflate: a stream with a bit flipped fails or, where the bit is unchecked, inflates to the same", "[inflate][hostile]") {
  std::mt19937 random(5);
  for (int level : {0, 1, 6, 9}) {
    const Bytes gz = zlib_gzip(kText, level);
    for (int round = 0; round < 1500; round++) {
      Bytes bad = gz;
      for (uint32_t flips = 1 + random() % 3; flips > 0; flips--) bad[random() % bad.size()] ^= static_cast<uint8_t>(1 << (random() % 8));
      const Inflated got = inflate_gz(bad, kText.size() + random() % 64);
      INFO("level " << level << ", round " << round);
      REQUIRE(got.result >= INFLATE_TRAILING_DATA);
      if (got.result >= 0) REQUIRE(got.out == kText);  // MTIME, XFL or OS
    }
  }
}

TEST_CASE("inflate: random bytes after a valid header fail, in any buffer", "[inflate][hostile]") {
  std::mt19937 random(9);
  for (int round = 0; round < 3000; round++) {
    Bytes bad = {0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3};
    for (uint32_t n = random() % 200; n > 0; n--) bad.push_back(static_cast<uint8_t>(random()));
    const int32_t result = inflate_gz(bad, random() % 300).result;
    INFO("round " << round);
    REQUIRE(result >= INFLATE_TRAILING_DATA);
    REQUIRE(result < 0);
  }
}

TEST_CASE("inflate: a header that is not gzip's, of method 8, is refused", "[inflate][hostile]") {
  const Bytes gz = zlib_gzip(kText, 6);
  for (auto [at, value] : {std::pair{0, 0x1e}, {1, 0x8a}, {2, 7}, {3, 0x20}, {3, 0x80}}) {
    Bytes bad = gz;
    bad[at] = static_cast<uint8_t>(value);
    INFO("byte " << at << " = " << value);
    CHECK(inflate_gz(bad, kText.size()).result == INFLATE_BAD_HEADER);
  }
}

TEST_CASE("inflate: a trailer that does not match the output is refused", "[inflate][hostile]") {
  const Bytes gz = zlib_gzip(kText, 6);
  Bytes size = gz, crc = gz, trailing = gz;
  size[size.size() - 4] ^= 1;
  crc[crc.size() - 8] ^= 1;
  trailing.push_back(0);
  CHECK(inflate_gz(size, kText.size() + 1).result == INFLATE_BAD_SIZE);
  CHECK(inflate_gz(crc, kText.size()).result == INFLATE_BAD_CRC);
  CHECK(inflate_gz(trailing, kText.size()).result == INFLATE_TRAILING_DATA);
  Bytes two = gz;  // a second member
  two.insert(two.end(), gz.begin(), gz.end());
  CHECK(inflate_gz(two, 2 * kText.size()).result == INFLATE_TRAILING_DATA);
}

TEST_CASE("inflate: output beyond the capacity given is refused, for each kind of block", "[inflate][hostile]") {
  for (int level : {0, 1, 9}) {
    for (int strategy : {Z_DEFAULT_STRATEGY, Z_FIXED, Z_HUFFMAN_ONLY}) {
      const Bytes gz = zlib_gzip(kText, level, strategy);
      for (size_t capacity : {size_t{0}, size_t{1}, kText.size() / 2, kText.size() - 1}) {
        INFO("level " << level << ", strategy " << strategy << ", capacity " << capacity);
        CHECK(inflate_gz(gz, capacity).result == INFLATE_OUTPUT_FULL);
      }
    }
  }
}

TEST_CASE("inflate: block type 3 and a stored block whose lengths disagree are refused", "[inflate][hostile]") {
  BitWriter reserved;
  reserved.bits(1, 1);
  reserved.bits(3, 2);
  CHECK(result_of(reserved) == INFLATE_BAD_BLOCK_TYPE);
  BitWriter stored;
  stored.bits(1, 1);
  stored.bits(0, 2);
  stored.align();
  stored.bits(5, 16);
  stored.bits(0xfffa ^ 1, 16);
  stored.bits(0, 40);
  CHECK(result_of(stored) == INFLATE_BAD_STORED_LENGTH);
}

TEST_CASE("inflate: fixed-code symbols that stand for nothing are refused", "[inflate][hostile]") {
  for (uint32_t symbol : {286, 287}) {
    BitWriter w = fixed_block();
    fixed_symbol(w, symbol);
    w.bits(0, 32);
    CHECK(result_of(w) == INFLATE_BAD_SYMBOL);
  }
  for (uint32_t distance : {30, 31}) {
    BitWriter w = fixed_block();
    fixed_symbol(w, 'a');
    fixed_symbol(w, 257);
    w.code(distance, 5);
    w.bits(0, 32);
    CHECK(result_of(w) == INFLATE_BAD_SYMBOL);
  }
}

TEST_CASE("inflate: a distance before the start of the output is refused", "[inflate][hostile]") {
  for (uint32_t distance_code : {0, 1, 4, 29}) {  // distances 1, 2, 5, 24577
    BitWriter w = fixed_block();
    if (distance_code != 0) fixed_symbol(w, 'a');
    fixed_symbol(w, 257);
    w.code(distance_code, 5);
    w.bits(0, 48);
    INFO("distance code " << distance_code);
    CHECK(result_of(w) == INFLATE_TOO_FAR_BACK);
  }
}

TEST_CASE("inflate: more than 286 length codes or 30 distance codes are refused", "[inflate][hostile]") {
  for (auto [literals, distances] : {std::pair{31u, 0u}, {30u, 0u}, {0u, 30u}, {0u, 31u}}) {
    BitWriter w;
    w.bits(1, 1);
    w.bits(2, 2);
    w.bits(literals, 5);
    w.bits(distances, 5);
    w.bits(0, 40);
    CHECK(result_of(w) == INFLATE_BAD_COUNTS);
  }
}

TEST_CASE("inflate: over-subscribed and incomplete codes are refused where RFC 1951 forbids them", "[inflate][hostile]") {
  std::vector<uint8_t> over(257, 8);  // 257 codes of 8 bits
  CHECK(result_of(dynamic_block(over, {1})) == INFLATE_OVERSUBSCRIBED);
  std::vector<uint8_t> short_of_one = bytes_only();  // 255 bytes and end-of-block
  short_of_one[0] = 0;
  short_of_one[256] = 8;
  short_of_one[1] = 0;
  CHECK(result_of(dynamic_block(short_of_one, {1})) == INFLATE_INCOMPLETE);
  // Distance codes: one code of two bits, or two of 1 and one of 2.
  std::vector<uint8_t> literals = bytes_only();
  literals[0] = 0;
  literals[256] = 8;
  CHECK(result_of(dynamic_block(literals, {2})) == INFLATE_INCOMPLETE);
  CHECK(result_of(dynamic_block(literals, {1, 1, 2})) == INFLATE_OVERSUBSCRIBED);
  CHECK(result_of(dynamic_block(literals, {1, 1})) == INFLATE_TRUNCATED);  // accepted; no data follows
  // The code-length code: three codes of one bit; one code of one bit.
  for (uint32_t count : {3u, 1u}) {
    BitWriter w;
    w.bits(1, 1);
    w.bits(2, 2);
    w.bits(0, 5);
    w.bits(0, 5);
    w.bits(0, 4);  // four lengths: symbols 16, 17, 18, 0
    for (uint32_t i = 0; i < 4; i++) w.bits(i < count ? 1 : 0, 3);
    w.bits(0, 32);
    CHECK(result_of(w) == (count == 3 ? INFLATE_OVERSUBSCRIBED : INFLATE_INCOMPLETE));
  }
}

TEST_CASE("inflate: a repeat with no length before it, or past the last, is refused", "[inflate][hostile]") {
  // Code-length code: 16 or 18 (one bit) and 0 (one bit): symbol 0's code is
  // 0 and the repeat's 1, as 0 comes before 16 and 18.
  for (uint32_t repeat : {16u, 18u}) {
    BitWriter w;
    w.bits(1, 1);
    w.bits(2, 2);
    w.bits(0, 5);  // 257 literal/length codes
    w.bits(0, 5);  // 1 distance code
    w.bits(0, 4);  // lengths of 16, 17, 18, 0
    for (uint32_t symbol : {16u, 17u, 18u, 0u}) w.bits(symbol == repeat || symbol == 0 ? 1 : 0, 3);
    if (repeat == 16) {
      w.code(1, 1);  // repeat the previous length: there is none
      w.bits(0, 2);
    } else {
      for (int i = 0; i < 2; i++) {  // 138 zeros, twice: 276 of 258
        w.code(1, 1);
        w.bits(127, 7);
      }
    }
    w.bits(0, 32);
    INFO("repeat " << repeat);
    CHECK(result_of(w) == INFLATE_BAD_REPEAT);
  }
}

TEST_CASE("inflate: a dynamic block with no end-of-block code is refused", "[inflate][hostile]") {
  CHECK(result_of(dynamic_block(bytes_only(), {1})) == INFLATE_NO_END_CODE);
}

TEST_CASE("inflate: an unused code of an incomplete distance code, or of none, is refused", "[inflate][hostile]") {
  const std::vector<uint8_t> literals = a_end_length3();
  const auto codes = canonical_codes(literals);
  for (uint8_t distance_length : {1, 0}) {
    BitWriter w = dynamic_block(literals, {distance_length});
    w.code(codes['a'], 1);
    w.code(codes[257], 2);
    w.code(1, 1);  // the unused code (or any, where there is no code)
    w.bits(0, 32);
    INFO("distance length " << int(distance_length));
    CHECK(result_of(w) == INFLATE_BAD_SYMBOL);
  }
}
