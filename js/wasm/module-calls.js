// @ts-check
// What the wrapper's calls into either module share (docs/wasm-boundary.md):
// the small answers, read from words at a buffer kept for the module's
// life by the layouts the module itself gives (zr_struct_layouts, from
// src/wasm/struct_words.hpp), and the outcome blocks of the calls that
// build grids (src/wasm/results.hpp). js/wasm/grid-module.js (the reader
// module) and js/tools/tools-module.js (the tools module) build on them.

/**
 * @param {any} raw the module's exports (`_zr_...`)
 * @param {ReturnType<typeof import('./wasm-module.js').helpersFor>} helpers
 */
export function moduleCalls(raw, helpers) {
  const { allocate, checked, cString, heapWords, takeBlock, problemsFrom } = helpers;
  // Room for the words of a small answer or argument, kept for the
  // module's life: no allocation per call.
  const out = allocate(256);

  // Each layout: its fields, each with how its words read.
  const layouts = new Map(cString(raw._zr_struct_layouts()).split(';').filter(Boolean).map((entry) => {
    const [name, list] = entry.split(':');
    const fields = list.split(',').filter(Boolean).map((field) => ({
      kind: '?#'.includes(field[0]) ? field[0] : '',
      name: '?#'.includes(field[0]) ? field.slice(1) : field,
    }));
    return [name, fields];
  }));
  const layout = (name) => /** @type {{ kind: string, name: string }[]} */ (layouts.get(name));

  // A small answer, read from the words at `out`.
  function answer(name) {
    const fields = layout(name);
    return () => {
      const words = heapWords().u64;
      let i = out / 8;
      /** @type {Record<string, any>} */
      const value = {};
      for (const { kind, name: field } of fields) {
        if (kind === '?') value[field] = words[i++] !== 0n;
        else if (kind === '#') {
          value[field] = ((words[i] << 64n) | words[i + 1]).toString();
          i += 2;
        } else value[field] = words[i++];
      }
      return value;
    };
  }

  // A call that writes a small answer at `out`: the answer as an object.
  const small = (what, name, call) => {
    const read = answer(name);
    return checked(what, (...args) => call(...args, out), read);
  };

  /**
   * A builder's outcome block, read and freed. Its grid is the caller's
   * once grid() has handed it over (made by `adopt` from its address);
   * delete() frees it otherwise.
   * @template G
   * @param {(address: number) => G} adopt
   */
  const outcomeOf = (adopt) => (/** @type {number} */ block) => takeBlock(block, (reader) => {
    const built = reader.number();
    let grid = built;
    const failedAxis = reader.number();
    const failedPart = reader.number();
    const errors = problemsFrom(reader);
    const warnings = problemsFrom(reader);
    return {
      ok: () => built !== 0,
      failedAxis: () => failedAxis,
      failedPart: () => failedPart,
      grid() {
        const handle = adopt(grid);
        grid = 0;
        return handle;
      },
      errors: () => errors,
      warnings: () => warnings,
      delete() {
        if (grid !== 0) raw._zr_grid_free(grid);
        grid = 0;
      },
    };
  });

  // A grid's words (src/wasm/grid_words.hpp) as their bytes, copied out of
  // this module's heap: how a grid crosses to the other module.
  const gridWords = checked('copying a grid', raw._zr_grid_words, (block) => {
    block >>>= 0;
    try {
      const words = Number(heapWords().u64[block / 8]);
      return raw.HEAPU8.slice(block + 16, block + 16 + words * 8);
    } finally {
      raw._free(block);
    }
  });

  return { out, layout, small, outcomeOf, gridWords };
}
