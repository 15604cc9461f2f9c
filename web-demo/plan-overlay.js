// The rechunk overlay: a target grid typed as chunk_shapes, drawn as dashed
// lines over the drawn (source) grid, and for the target chunk under the
// pointer the source chunks it reads (overlap, plan.sourcesOf: zarr-rectilinear/tools).
import { ChunkGrid } from '../js/index.js';
import { overlap } from '../js/tools.js';
import { elementToPixel } from '../js/layout/layout.js';

const range = (a) => `${a.sourceFirst}–${BigInt(a.sourceStop) - 1n}`;
const number = (v) => (typeof v === 'bigint' ? v.toLocaleString('en-US') : Number(v).toLocaleString('en-US'));

export class PlanOverlay {
  #target = null;
  #plan = null;

  constructor(result, hover) {
    this.result = result;
    this.hoverOut = hover;
  }

  get active() {
    return this.#plan !== null;
  }

  // Rebuilds the plan from the text (target chunk_shapes) over `source`.
  update(source, text) {
    this.#target?.dispose();
    this.#target = this.#plan = null;
    this.hoverOut.textContent = '';
    if (!source || !text.trim()) {
      this.result.replaceChildren();
      return;
    }
    try {
      this.#target = ChunkGrid.fromChunkShapes(source.shape, JSON.parse(text));
      this.#plan = overlap(source, this.#target);
      const t = this.#plan.totals();
      this.result.textContent = `${number(t.targetChunks)} target chunks read at most ${number(t.maxReads)} source chunks each, ` +
        `${t.meanReads.toFixed(2)} on average; read amplification ${t.amplification.toFixed(3)}`;
      this.result.dataset.maxReads = String(t.maxReads);
    } catch (error) {
      this.#target?.dispose();
      this.#target = this.#plan = null;
      this.result.textContent = error.message;
    }
  }

  // Dashed lines at the target's chunk boundaries in view (dense ones skipped).
  lines(lay) {
    if (!this.#target || !lay) return [];
    const { plot } = lay;
    const out = [];
    for (const role of ['x', 'y']) {
      const f = lay.frame[role];
      if (f.table.pseudo) continue;
      const stop = Math.min(f.stop, Number(this.#target.shape[f.axis]));
      for (const g of this.#target.chunkGroups(f.axis, Math.max(f.start, 0), stop, { minSize: 4 / f.scale, limit: 10_000 })) {
        if (g.count !== 1 || g.first === 0) continue;
        const p = elementToPixel(lay, role, Number(g.origin));
        out.push(role === 'x'
          ? { type: 'line', kind: 'target-boundary', x1: p, y1: plot.y, x2: p, y2: plot.y + plot.height }
          : { type: 'line', kind: 'target-boundary', x1: plot.x, y1: p, x2: plot.x + plot.width, y2: p });
      }
    }
    return out;
  }

  // The target chunk holding `element` (an index inside the array, or null).
  hover(element) {
    if (!this.#plan) return;
    if (!element) {
      this.hoverOut.textContent = '';
      return;
    }
    const coords = element.map((e, d) => this.#target.chunkAt(d, e).chunk);
    const { axes, reads } = this.#plan.sourcesOf(coords);
    this.hoverOut.textContent = `target chunk (${coords.join(', ')}) reads source chunks ${axes.map(range).join(' × ')}: ${number(reads)} in all`;
    this.hoverOut.dataset.reads = String(reads);
  }
}
