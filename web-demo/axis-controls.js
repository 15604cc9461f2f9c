// The N-d controls: which two axes are drawn, and sliders for the position
// on every other axis.

const label = (d, names) => (typeof names?.[d] === 'string' && names[d] ? `axis ${d} (${names[d]})` : `axis ${d}`);

// Fills the two axis pickers. axes = [down, across]; a 1-d grid has no "down".
export function renderAxisPickers(selectY, selectX, ndim, axes, names) {
  const options = (select, allowNone) => {
    select.replaceChildren();
    if (allowNone) select.append(new Option('—', ''));
    for (let d = 0; d < ndim; d++) select.append(new Option(label(d, names), String(d)));
  };
  options(selectY, ndim < 2);
  options(selectX, ndim < 1);
  selectY.value = axes[0] === null ? '' : String(axes[0]);
  selectX.value = axes[1] === null ? '' : String(axes[1]);
  selectY.disabled = ndim < 2;
  selectX.disabled = ndim < 2;
}

// The new axes after picking `value` for role 'y' or 'x': picking the axis
// already drawn the other way swaps the two.
export function pickAxis(axes, role, value) {
  const [y, x] = axes;
  if (role === 'y') return value === x ? [value, y] : [value, x];
  return value === y ? [x, value] : [y, value];
}

function describePosition(grid, d, e) {
  const c = grid.chunkAt(d, BigInt(e));
  return `index ${e.toLocaleString('en-US')} · chunk ${c.chunk} [${c.origin.toLocaleString('en-US')}, ${(c.origin + c.size).toLocaleString('en-US')})`;
}

// One slider per axis not drawn; onChange(axis, elementIndex).
export function renderSliders(container, grid, axes, at, names, onChange) {
  container.replaceChildren();
  for (let d = 0; d < grid.ndim; d++) {
    if (d === axes[0] || d === axes[1]) continue;
    const length = Number(grid.shape[d]);
    const wrap = document.createElement('div');
    wrap.className = 'slider';
    const id = `at-${d}`;
    const lab = document.createElement('label');
    lab.htmlFor = id;
    lab.textContent = label(d, names);
    const input = document.createElement('input');
    input.type = 'range';
    input.id = id;
    input.min = '0';
    input.max = String(Math.max(0, length - 1));
    input.step = '1';
    input.value = String(Math.min(at[d] ?? 0, Math.max(0, length - 1)));
    input.disabled = length === 0;
    const out = document.createElement('output');
    out.htmlFor = id;
    const describe = () => {
      const text = length === 0 ? 'length 0: no elements' : describePosition(grid, d, Number(input.value));
      out.textContent = text;
      input.setAttribute('aria-valuetext', text);
    };
    describe();
    input.addEventListener('input', () => {
      describe();
      onChange(d, Number(input.value));
    });
    wrap.append(lab, input, out);
    container.append(wrap);
  }
}
