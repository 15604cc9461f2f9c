// The data types and codecs the package knows, listed once: the
// validator checks these by name (and no other draws its "an extension this
// library does not know" warning), the document module exports the list
// (zr_known_extensions, src/wasm/tools/tools_module.cpp), and the package's
// reader (zarr-rectilinear/zarrita) is checked against it by a test: what
// the list says it reads is exactly what the reader runs
// (docs/architecture.md, "Contracts across the boundary").
#pragma once
#include <string_view>

namespace zr {

// Each data type: its name, its family and bits (0 where the size of an
// element varies), and whether the reader reads it. The raw types r8, r16,
// ... are known by their pattern (document_rules.cpp), and not read.
#define ZR_KNOWN_DATA_TYPES(X)                 \
  X("bool", Bool, 8, true)                     \
  X("int8", Int, 8, true)                      \
  X("int16", Int, 16, true)                    \
  X("int32", Int, 32, true)                    \
  X("int64", Int, 64, true)                    \
  X("uint8", UInt, 8, true)                    \
  X("uint16", UInt, 16, true)                  \
  X("uint32", UInt, 32, true)                  \
  X("uint64", UInt, 64, true)                  \
  X("float16", Float, 16, true)                \
  X("float32", Float, 32, true)                \
  X("float64", Float, 64, true)                \
  X("complex64", Complex, 64, false)           \
  X("complex128", Complex, 128, false)         \
  /* zarr-python's variable-length UTF-8 */    \
  X("string", String, 0, true)                 \
  /* zarr-python's variable-length bytes */    \
  X("variable_length_bytes", Bytes, 0, true)

// Each codec: its name, its kind, and whether the reader reads it. The
// kinds of zarrita's codecs are zarrita's own (the test checks them too).
#define ZR_KNOWN_CODECS(X)                                          \
  X("bytes", ArrayToBytes, true)                                    \
  X("transpose", ArrayToArray, true)                                \
  X("sharding_indexed", ArrayToBytes, true)                         \
  /* zarr-extensions codecs/reshape: changes the chunk's rank */    \
  X("reshape", ArrayToArray, true)                                  \
  X("gzip", BytesToBytes, true)                                     \
  X("zstd", BytesToBytes, true)                                     \
  X("blosc", BytesToBytes, true)                                    \
  X("crc32c", BytesToBytes, true)                                   \
  X("zlib", BytesToBytes, true)                                     \
  X("lz4", BytesToBytes, true)                                      \
  X("vlen-utf8", ArrayToBytes, true)                                \
  X("vlen-bytes", ArrayToBytes, true)                               \
  X("json2", ArrayToBytes, true)                                    \
  X("bitround", ArrayToArray, true)                                 \
  /* changes the data type: what follows is checked as for any */   \
  X("cast_value", ArrayToArray, true)                               \
  X("scale_offset", ArrayToArray, true)                             \
  X("numcodecs.blosc", BytesToBytes, true)                          \
  X("numcodecs.lz4", BytesToBytes, true)                            \
  X("numcodecs.zstd", BytesToBytes, true)                           \
  X("numcodecs.gzip", BytesToBytes, true)                           \
  X("numcodecs.zlib", BytesToBytes, true)                           \
  X("numcodecs.bz2", BytesToBytes, true)                            \
  X("numcodecs.vlen-utf8", ArrayToBytes, true)                      \
  X("numcodecs.shuffle", BytesToBytes, true)                        \
  X("numcodecs.delta", ArrayToArray, true)                          \
  X("numcodecs.bitround", ArrayToArray, true)                       \
  X("numcodecs.json2", ArrayToBytes, true)

enum class CodecKind { ArrayToArray, ArrayToBytes, BytesToBytes };

struct KnownCodec {
  std::string_view name;
  CodecKind kind;
  bool read;
};

inline constexpr KnownCodec kKnownCodecs[] = {
#define ZR_KNOWN_CODEC_ENTRY(name, kind, read) {name, CodecKind::kind, read},
    ZR_KNOWN_CODECS(ZR_KNOWN_CODEC_ENTRY)
#undef ZR_KNOWN_CODEC_ENTRY
};

// The codec of that name, or null.
constexpr const KnownCodec* known_codec(std::string_view name) {
  for (const KnownCodec& c : kKnownCodecs) {
    if (c.name == name) return &c;
  }
  return nullptr;
}

}  // namespace zr
