// What the page says in words: the resolved index, the selection count, the
// hover tooltip and the list of problems. DOM only; no grid logic here.

const tuple = (values) => `(${Array.from(values, String).join(', ')})`;
const dims = (values) => Array.from(values, String).join(' × ');
const number = (v) => (typeof v === 'bigint' ? v.toLocaleString('en-US') : Number(v).toLocaleString('en-US'));

function definitionList(rows) {
  const dl = document.createElement('dl');
  for (const [field, label, value] of rows) {
    const dt = document.createElement('dt');
    dt.textContent = label;
    const dd = document.createElement('dd');
    dd.textContent = value;
    dd.dataset.field = field;
    dl.append(dt, dd);
  }
  return dl;
}

function message(el, text) {
  const p = document.createElement('span');
  p.className = 'error';
  p.textContent = text;
  el.replaceChildren(p);
}

// result: lookUpIndex's answer, or an Error, or null (nothing typed).
export function showIndexResult(el, result) {
  if (result === null) el.replaceChildren();
  else if (result instanceof Error) message(el, result.message);
  else {
    el.replaceChildren(definitionList([
      ['chunk', 'chunk', tuple(result.chunk)],
      ['offset', 'offset in chunk', tuple(result.offset)],
      ['origin', 'chunk origin', tuple(result.origin)],
      ['shape', 'declared shape', dims(result.shape)],
      ['data-shape', 'data shape', dims(result.dataShape)],
    ]));
  }
}

// answer: grid.selectedChunks' answer, or an Error, or null.
export function showSelectionResult(el, answer) {
  if (answer === null) {
    el.replaceChildren();
    return;
  }
  if (answer instanceof Error) {
    message(el, answer.message);
    return;
  }
  const strong = document.createElement('strong');
  strong.dataset.count = String(answer.count);
  strong.textContent = number(answer.count);
  const perAxis = answer.axes.map((a) => number(a.count)).join(' × ');
  const rest = document.createTextNode(
    ` chunk${BigInt(answer.count) === 1n ? '' : 's'} selected (${perAxis} per axis)` +
      (answer.exact ? '' : '; a strided slice over this many chunks is counted as an upper bound'),
  );
  el.replaceChildren(...(answer.exact ? [strong, rest] : [document.createTextNode('at most '), strong, rest]));
}

// info: {coords, origin, shape, dataShape, element, overflow}
export function showTooltip(el, info) {
  const rows = [
    ['chunk', 'chunk', tuple(info.coords)],
    ['origin', 'origin', tuple(info.origin)],
    ['shape', 'declared shape', dims(info.shape)],
    ['data-shape', 'data shape', dims(info.dataShape)],
  ];
  if (info.element) rows.push(['element', 'element', tuple(info.element)]);
  const parts = [definitionList(rows)];
  if (info.overflow) {
    const p = document.createElement('p');
    p.className = 'flag';
    p.textContent = 'Overflow: declared, but wholly past the array’s end';
    parts.push(p);
  }
  el.replaceChildren(...parts);
}

// problems: [{path, message, kind, ranges}]; onPick(problem) when one is chosen.
export function showProblems(el, problems, onPick) {
  el.replaceChildren(
    ...problems.map((problem) => {
      const li = document.createElement('li');
      li.className = problem.kind;
      const button = document.createElement('button');
      button.type = 'button';
      const pointer = document.createElement('span');
      pointer.className = 'pointer';
      pointer.textContent = problem.path === '' ? '(the document)' : problem.path;
      button.append(pointer, document.createTextNode(`${problem.kind === 'warning' ? 'Warning: ' : ''}${problem.message}`));
      button.setAttribute('aria-label', `${problem.kind} at ${problem.path || 'the document'}: ${problem.message}. Show it in the text.`);
      button.addEventListener('click', () => onPick(problem));
      li.append(button);
      return li;
    }),
  );
}
