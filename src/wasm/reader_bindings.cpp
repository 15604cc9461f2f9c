// The Embind surface of reader_facts (src/reader_facts.hpp): what a
// document writes that other readers differ on, for the JS reader report
// (js/reader-report.js). See docs/readers.md.
#include <emscripten/bind.h>

#include "out_of_memory.hpp"
#include "reader_facts.hpp"

using namespace emscripten;

namespace {

zr::ReaderFacts reader_facts(uintptr_t text, size_t length) {
  zr::ReaderFacts facts = zr::reader_facts({reinterpret_cast<const char*>(text), length});
  // Embind copies each string through malloc, unchecked (out_of_memory.hpp).
  zr::wasm::make_room(facts.grid_name.size() + facts.largest_edge_at.size() + facts.largest_count_at.size() +
                      facts.inner_chunk_shape_at.size() + facts.undivided_shard_edge_at.size() + 5 * zr::wasm::kCopySlack);
  return facts;
}

}  // namespace

EMSCRIPTEN_BINDINGS(reader_facts) {
  // uint64 fields arrive as signed BigInts: js/native.js's u64() reads them.
  value_object<zr::ReaderFacts>("ReaderFacts")
      .field("read", &zr::ReaderFacts::read)
      .field("gridName", &zr::ReaderFacts::grid_name)
      .field("largestEdge", &zr::ReaderFacts::largest_edge)
      .field("largestEdgeAt", &zr::ReaderFacts::largest_edge_at)
      .field("largestCount", &zr::ReaderFacts::largest_count)
      .field("largestCountAt", &zr::ReaderFacts::largest_count_at)
      .field("innerChunkShapeAt", &zr::ReaderFacts::inner_chunk_shape_at)
      .field("undividedShardEdgeAt", &zr::ReaderFacts::undivided_shard_edge_at);
  function("readerFacts", zr::wasm::guarded<&reader_facts>);
}
