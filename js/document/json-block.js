// @ts-check
// A JSON value the grid module read, out of its answer block: the tags of
// src/wasm/answer_block.hpp (write_json), in pre-order, each kind + 8 x
// payload, with the strings' and numbers' bytes one after another. Built
// with an explicit stack, so no nesting depth can overflow JS's; the module
// parsed the text and decided each number's form, so nothing here reads
// JSON.

const NULL = 0, FALSE = 1, TRUE = 2, STRING = 3, NUMBER = 4, BIG_INTEGER = 5, ARRAY = 6;

// JSON.parse defines "__proto__" as an own member; so does this.
function setMember(object, key, value) {
  if (key === '__proto__') Object.defineProperty(object, key, { value, writable: true, enumerable: true, configurable: true });
  else object[key] = value;
}

/**
 * @param {{ number(): number, string(size: number): string }} reader the block's (js/wasm/wasm-module.js, takeBlock)
 * @returns {unknown}
 */
export function jsonValue({ number, string }) {
  // The next value: a scalar, or an empty container with its item count.
  function next() {
    const tag = number();
    const kind = tag % 8;
    const payload = (tag - kind) / 8;
    switch (kind) {
      case NULL: return { value: null };
      case FALSE: return { value: false };
      case TRUE: return { value: true };
      case STRING: return { value: string(payload) };
      case NUMBER: return { value: Number(string(payload)) };
      case BIG_INTEGER: return { value: BigInt(string(payload)) };
      case ARRAY: return { value: [], items: payload };
      default: return { value: {}, items: payload, object: true };
    }
  }
  const root = next();
  /** @type {{ value: any, items?: number, object?: boolean, done: number }[]} */
  const stack = root.items ? [{ ...root, done: 0 }] : [];
  while (stack.length) {
    const top = stack[stack.length - 1];
    if (top.done === top.items) {
      stack.pop();
      continue;
    }
    const key = top.object ? /** @type {string} */ (next().value) : '';
    const item = next();
    if (top.object) setMember(top.value, key, item.value);
    else top.value.push(item.value);
    top.done++;
    if (item.items) stack.push({ ...item, done: 0 });
  }
  return root.value;
}
