// The Embind surface of reader_facts (src/tools/reader_facts.hpp): what a
// document writes that other readers differ on, for the JS reader report
// (js/tools/reader-report.js). See docs/readers.md.
#include <emscripten/bind.h>

#include <vector>

#include "out_of_memory.hpp"
#include "reader_facts.hpp"
#include "registration.hpp"

using namespace emscripten;

namespace {

// The facts of each array document, as an array of ReaderFacts objects.
val reader_facts(uintptr_t text, size_t length) {
  const std::vector<zr::ReaderFacts> all = zr::reader_facts({reinterpret_cast<const char*>(text), length});
  val out = val::array();
  for (size_t i = 0; i < all.size(); ++i) {
    const zr::ReaderFacts& f = all[i];
    // Embind copies the object and each string through malloc, unchecked (out_of_memory.hpp).
    zr::wasm::make_room(sizeof(f) + f.pointer.size() + f.grid_name.size() + f.largest_edge_at.size() + f.largest_count_at.size() +
                        f.inner_chunk_shape_at.size() + f.undivided_shard_edge_at.size() + f.data_type.name.size() + f.data_type.at.size() +
                        9 * zr::wasm::kCopySlack);
    val facts(f);
    // The codecs, a list of any length: an array of {name, at} set here.
    val codecs = val::array();
    for (size_t k = 0; k < f.codecs.size(); ++k) {
      zr::wasm::make_room(f.codecs[k].name.size() + f.codecs[k].at.size() + 2 * zr::wasm::kCopySlack);
      codecs.set(k, val(f.codecs[k]));
    }
    facts.set("codecs", codecs);
    out.set(i, facts);
  }
  return out;
}

}  // namespace

EMSCRIPTEN_BINDINGS(reader_facts) {
  // uint64 fields arrive as signed BigInts: js/wasm/native.js's u64() reads them.
  value_object<zr::ReaderFacts>("ReaderFacts")
      .field("pointer", &zr::ReaderFacts::pointer)
      .field("gridName", &zr::ReaderFacts::grid_name)
      .field("largestEdge", &zr::ReaderFacts::largest_edge)
      .field("largestEdgeAt", &zr::ReaderFacts::largest_edge_at)
      .field("largestCount", &zr::ReaderFacts::largest_count)
      .field("largestCountAt", &zr::ReaderFacts::largest_count_at)
      .field("innerChunkShapeAt", &zr::ReaderFacts::inner_chunk_shape_at)
      .field("undividedShardEdgeAt", &zr::ReaderFacts::undivided_shard_edge_at)
      .field("dataType", &zr::ReaderFacts::data_type);
  value_object<zr::NameAt>("NameAt").field("name", &zr::NameAt::name).field("at", &zr::NameAt::at);
  zr::wasm::guarded_function<&reader_facts>("readerFacts", "reporting readers");
}
