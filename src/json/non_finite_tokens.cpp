#include "non_finite_tokens.hpp"

#include <algorithm>
#include <string>

namespace zr {

// ledger: non-finite-tokens
// Python's json module writes NaN, Infinity and -Infinity for non-finite
// floats: in attributes they read as those floats. Anywhere else no writer
// is known to write them, so they are text that is not JSON: a syntax error
// at the token's byte, as for any other, but at its pointer too, since the
// document around it parsed.
void judge_non_finite_tokens(const JsonValue& doc, bool group, Quirks quirks, Problems& errors, Problems& warnings) {
  for (auto& [path, value] : non_finite_pointers(doc)) {
    if (group && pointer_within(path, "/consolidated_metadata/metadata")) continue;
    const std::string token(number_text_of(*value));
    const int64_t at = non_finite_offset(*value);
    const std::string where = token + " at byte " + std::to_string(at);
    if (pointer_within(path, "/attributes")) {
      QuirkSite site{Quirk::NonFiniteTokens, std::move(path), where + " (a token JSON does not have)", "the float " + token,
                     "a JSON value", ProblemCode::Syntax};
      site.byte_offset = at;
      note_quirk(quirks, std::move(site), errors, warnings,
                 {Fix::Kind::Unfixable, "JSON has no spelling of " + token + "; left as it is"});
    } else if (std::none_of(errors.begin(), errors.end(), [&, &p = path](const Problem& e) { return e.path == p; })) {
      report(errors, {std::move(path),
                      "found " + where + ", a token JSON does not have; expected a JSON value (writers write NaN, " +
                          "Infinity and -Infinity only in attributes)",
                      ProblemCode::Syntax, at});
    }
  }
}

}  // namespace zr
