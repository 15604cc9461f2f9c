// The reader report beside the problems: which readers open the document
// in the editor, and the value that decides each (readerReport, see
// docs/readers.md). Redrawn whenever the document is read again.
import { GridError } from '../js/index.js';
import { readerReport } from '../js/tools.js';

// -> the report, or the reason there is none: a grid alone has no codecs
// to judge, and an invalid document gets no verdict (but one refused only
// for a member of the rectilinear configuration: docs/readers.md).
function reportOf(text, kind) {
  if (kind !== 'zarr.json') return { note: 'The reader report needs a whole zarr.json.' };
  try {
    return { readers: readerReport(text) };
  } catch (error) {
    if (error instanceof GridError) return { note: 'No reader report: the document is not valid under the strict rules.' };
    throw error;
  }
}

// `onPick(pointer)` shows a verdict's value in the text.
export function showReaders(el, text, kind, onPick) {
  const { readers, note } = reportOf(text, kind);
  const caption = document.createElement('caption');
  caption.textContent = note ?? 'What other readers do with this document';
  if (!readers) return el.replaceChildren(caption);
  const rows = readers.map((r) => {
    const tr = document.createElement('tr');
    tr.className = r.verdict;
    const who = document.createElement('td');
    const name = document.createElement('span');
    name.className = 'reader';
    name.textContent = r.reader;
    const versions = document.createElement('span');
    versions.className = 'versions';
    versions.textContent = r.versions;
    who.append(name, versions);
    const verdict = document.createElement('td');
    verdict.textContent = r.setting ? `${r.verdict} (${r.setting})` : r.verdict;
    const why = document.createElement('td');
    const button = document.createElement('button');
    button.type = 'button';
    const pointer = document.createElement('span');
    pointer.className = 'pointer';
    pointer.textContent = r.pointer || '(the document)';
    button.append(pointer, document.createTextNode(r.reason));
    button.setAttribute('aria-label', `${r.reader} ${r.versions} ${r.verdict}: ${r.reason}. Show ${r.pointer || 'the document'} in the text.`);
    button.addEventListener('click', () => onPick(r.pointer));
    why.append(button);
    tr.append(who, verdict, why);
    return tr;
  });
  const head = document.createElement('tr');
  head.append(...['Reader', 'Verdict', 'Why'].map((label) => {
    const th = document.createElement('th');
    th.scope = 'col';
    th.textContent = label;
    return th;
  }));
  const thead = document.createElement('thead');
  thead.append(head);
  const tbody = document.createElement('tbody');
  tbody.append(...rows);
  el.replaceChildren(caption, thead, tbody);
}
