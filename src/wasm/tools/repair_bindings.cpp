// The Embind surface of repair_metadata (src/tools/repair.hpp): the repaired text,
// its changes and what was left, as plain JS values, for the wrapper's
// repairMetadata (js/tools/repair.js).
#include <emscripten/bind.h>

#include "js_values.hpp"
#include "out_of_memory.hpp"
#include "registration.hpp"
#include "repair.hpp"

using namespace emscripten;
using zr::wasm::kCopySlack;
using zr::wasm::make_room;

namespace {

// Embind copies each object and string through malloc, unchecked (out_of_memory.hpp).
val repair_metadata(uintptr_t text, size_t length) {
  const zr::Repair repair = zr::repair_metadata({reinterpret_cast<const char*>(text), length});
  val out = val::object();
  make_room(2 * repair.text.size() + kCopySlack);
  out.set("text", val(repair.text));
  val changes = val::array();
  for (size_t i = 0; i < repair.changes.size(); ++i) {
    const zr::RepairChange& c = repair.changes[i];
    make_room(sizeof(c) + 2 * (c.pointer.size() + c.old_text.size() + c.new_text.size() + c.entry.size()) + 4 * kCopySlack);
    changes.set(i, val(c));
  }
  out.set("changes", changes);
  val unrepaired = val::array();
  for (size_t i = 0; i < repair.unrepaired.size(); ++i) {
    const zr::Unrepaired& u = repair.unrepaired[i];
    make_room(sizeof(u) + 2 * (u.pointer.size() + u.entry.size() + u.reason.size()) + 3 * kCopySlack);
    unrepaired.set(i, val(u));
  }
  out.set("unrepaired", unrepaired);
  out.set("errors", zr::wasm::problems_to_js(repair.errors));
  return out;
}

}  // namespace

EMSCRIPTEN_BINDINGS(repair) {
  value_object<zr::RepairChange>("RepairChange")
      .field("pointer", &zr::RepairChange::pointer)
      .field("old", &zr::RepairChange::old_text)
      .field("new", &zr::RepairChange::new_text)
      .field("entry", &zr::RepairChange::entry);
  value_object<zr::Unrepaired>("Unrepaired")
      .field("pointer", &zr::Unrepaired::pointer)
      .field("entry", &zr::Unrepaired::entry)
      .field("reason", &zr::Unrepaired::reason);
  zr::wasm::guarded_function<&repair_metadata>("repairMetadata", "repairing metadata");
}
