// The unpacker (src/unpack/) on invalid .lzma streams: each is refused
// with its own code, never reads or writes out of bounds (the ASan build
// runs these too), and never loops without progress.
#include <catch2/catch.hpp>

#include "unpack_streams.hpp"

using namespace zr_test;

namespace {

const Bytes kText = payload(Kind::Text, 3000, 1);

// The bits of a match of length 2 at a new distance, slot `slot` (below
// 4, so the distance is the slot), in state 0 (after literals): isMatch 1, isRep 0, length choice 0, then 3
// bits of length, then the 6-bit slot.
HandStream &match(HandStream &s, uint32_t slot) { return s.bits(1, 1).bits(0, 1).bits(0, 1).bits(0, 3).bits(slot, 6); }

}  // namespace

TEST_CASE("unpack: a stream cut short at any byte is truncated", "[unpack][hostile]") {
  for (const Bytes &stream : {lzma_alone(kText, 6), with_size(lzma_alone(kText, 6), kText.size())}) {
    for (size_t cut = 0; cut < stream.size(); cut++) {
      INFO("cut at " << cut << " of " << stream.size());
      CHECK(unpack(Bytes(stream.begin(), stream.begin() + static_cast<std::ptrdiff_t>(cut)), kText.size()).result ==
            UNPACK_TRUNCATED);
    }
  }
}

TEST_CASE("unpack: a stream with a bit flipped fails, or decodes to what liblzma gives", "[unpack][hostile]") {
  // LZMA has no checksum: a flipped bit may still make a valid stream, of
  // other bytes. Then liblzma, the reference decoder, must agree.
  for (const Bytes &stream : {lzma_alone(kText, 6), with_size(lzma_alone(kText, 6), kText.size())}) {
    for (size_t at = 0; at < stream.size(); at++) {
      for (int bit = 0; bit < 8; bit++) {
        Bytes flipped = stream;
        flipped[at] ^= static_cast<uint8_t>(1 << bit);
        const Unpacked got = unpack(flipped, kText.size() + 64);
        INFO("byte " << at << ", bit " << bit << ": " << got.result);
        REQUIRE(got.result >= UNPACK_TRAILING_DATA);
        Bytes reference;
        // The dictionary size is the one field the unpacker does not read.
        if (at >= 1 && at < 5) REQUIRE(got.out == kText);
        else if (got.result >= 0) REQUIRE((liblzma_decodes(flipped, &reference) && got.out == reference));
      }
    }
  }
}

TEST_CASE("unpack: random bytes after a valid header fail or stop, in any buffer", "[unpack][hostile]") {
  std::mt19937 random(5);
  for (int round = 0; round < 2000; round++) {
    Bytes stream = with_size(Bytes(14 + random() % 300), round % 2 ? UINT64_MAX : random() % 5000);
    stream[0] = 93;
    for (size_t i = 13; i < stream.size(); i++) stream[i] = static_cast<uint8_t>(random());
    stream[13] = 0;
    const int32_t result = unpack(stream, random() % 6000).result;
    INFO("round " << round << ": " << result);
    // Random data is almost never a valid stream: when it is, it decoded
    // in bounds, which is what this asks.
    REQUIRE(result >= UNPACK_TRAILING_DATA);
  }
}

TEST_CASE("unpack: a header with bad properties, or too short, is refused", "[unpack][hostile]") {
  Bytes stream = lzma_alone(kText, 6);
  for (uint32_t props = 0; props < 256; props++) {
    stream[0] = static_cast<uint8_t>(props);
    const uint32_t lc = props % 9, lp = props / 9 % 5;
    INFO("properties byte " << props);
    if (props >= 225 || lc + lp > 4) CHECK(unpack(stream, kText.size()).result == UNPACK_BAD_PROPERTIES);
  }
  // Shorter than the header and the range coder's first five bytes.
  for (size_t length = 0; length < 18; length++) CHECK(unpack(Bytes(length, 0), 100).result == UNPACK_TRUNCATED);
}

TEST_CASE("unpack: a range coder that does not start or end at 0 is corrupt", "[unpack][hostile]") {
  Bytes stream = lzma_alone(kText, 6);
  stream[13] = 1;
  CHECK(unpack(stream, kText.size()).result == UNPACK_CORRUPT);
  // A code of all ones is above every range.
  Bytes ones = HandStream().finish();
  for (size_t i = 14; i < 18; i++) ones[i] = 0xff;
  CHECK(unpack(ones, 10).result == UNPACK_CORRUPT);
  // The hand-made 'a' of known size 1, its last byte changed: the coder
  // then ends away from 0 (or, read on as an end marker, fails).
  Bytes a = HandStream(1).bits(0, 1).bits('a', 8).finish();
  a.back() ^= 0x40;
  CHECK(unpack(a, 1).result < 0);
}

TEST_CASE("unpack: output beyond the capacity given is refused", "[unpack][hostile]") {
  const Bytes stream = lzma_alone(kText, 6);
  for (size_t capacity : {size_t{0}, size_t{1}, size_t{100}, kText.size() - 1}) {
    INFO("capacity " << capacity);
    CHECK(unpack(stream, capacity).result == UNPACK_OUTPUT_FULL);
  }
  // A header whose size is past the capacity is refused before decoding,
  // as is one past what an int32 result can give.
  CHECK(unpack(with_size(stream, kText.size()), kText.size() - 1).result == UNPACK_OUTPUT_FULL);
  CHECK(unpack(with_size(stream, uint64_t{1} << 32), kText.size()).result == UNPACK_OUTPUT_FULL);
  CHECK(unpack(with_size(stream, UINT64_MAX - 1), kText.size()).result == UNPACK_OUTPUT_FULL);
}

TEST_CASE("unpack: output that does not end at the header's size is refused", "[unpack][hostile]") {
  const Bytes stream = lzma_alone(kText, 6);
  // The end marker before the size.
  CHECK(unpack(with_size(stream, kText.size() + 1), kText.size() + 1).result == UNPACK_BAD_SIZE);
  // More than the size: the next symbol is not an end marker.
  CHECK(unpack(with_size(stream, kText.size() - 1), kText.size()).result == UNPACK_BAD_SIZE);
  CHECK(unpack(with_size(stream, 0), kText.size()).result == UNPACK_BAD_SIZE);
}

TEST_CASE("unpack: a distance past the start of the output is refused", "[unpack][hostile]") {
  // A one-byte repeat of rep0 with nothing written: isMatch 1, isRep 1,
  // isRepG0 0, isRep0Long 0.
  CHECK(unpack(HandStream().bits(0b1100, 4).finish(), 10).result == UNPACK_TOO_FAR_BACK);
  // A rep match, of rep1, with nothing written.
  CHECK(unpack(HandStream().bits(0b1110, 4).bits(0, 4).finish(), 10).result == UNPACK_TOO_FAR_BACK);
  // 'a', then a match of length 2 at distance 1 (slot 0), which gives
  // "aaa", or at distance 2 (slot 1), one past the start.
  HandStream near(3), far(3);
  CHECK(unpack(match(near.bits(0, 1).bits('a', 8), 0).finish(), 3).out == Bytes{'a', 'a', 'a'});
  CHECK(unpack(match(far.bits(0, 1).bits('a', 8), 1).finish(), 3).result == UNPACK_TOO_FAR_BACK);
  // A match as the first symbol.
  HandStream first;
  CHECK(unpack(match(first, 0).finish(), 10).result == UNPACK_TOO_FAR_BACK);
}

TEST_CASE("unpack: bytes after the end of the stream are refused", "[unpack][hostile]") {
  for (Bytes stream : {lzma_alone(kText, 6), with_size(lzma_alone(kText, 6), kText.size())}) {
    stream.push_back(0);
    CHECK(unpack(stream, kText.size()).result == UNPACK_TRAILING_DATA);
  }
  // A stream of known size with no end marker: a byte after it is read as
  // the start of one more symbol, which there is no room for.
  Bytes a = HandStream(1).bits(0, 1).bits('a', 8).finish();
  REQUIRE(unpack(a, 1).result == 1);
  a.push_back(0);
  CHECK(unpack(a, 1).result < 0);
}
