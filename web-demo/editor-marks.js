// Marks places in the metadata text area: a backdrop behind the transparent
// textarea repeats its text, with <mark>s around the marked ranges.

export class MarkedEditor {
  constructor(textarea, backdrop) {
    this.textarea = textarea;
    this.backdrop = backdrop;
    this.marks = [];
    textarea.addEventListener('scroll', () => this.#syncScroll());
    textarea.addEventListener('input', () => this.#paint());
    new ResizeObserver(() => this.#paint()).observe(textarea);
  }

  // marks: [{start, end, kind: 'error' | 'warning'}]
  setMarks(marks) {
    this.marks = [...marks].filter((m) => m.end > m.start).sort((a, b) => a.start - b.start || b.end - a.end);
    this.current = null;
    this.#paint();
  }

  // Selects a marked range in the text area and scrolls it into view.
  reveal(range) {
    const t = this.textarea;
    t.focus({ preventScroll: true });
    t.setSelectionRange(range.start, range.end);
    this.current = range;
    this.#paint();
    const mark = this.backdrop.querySelector('mark.current');
    if (mark) t.scrollTop = Math.max(0, mark.offsetTop - t.clientHeight / 3);
    this.#syncScroll();
  }

  #paint() {
    const text = this.textarea.value;
    const out = [];
    let at = 0;
    for (const m of this.marks) {
      if (m.start < at || m.start >= text.length + 1) continue; // overlapping or stale
      out.push(document.createTextNode(text.slice(at, m.start)));
      const mark = document.createElement('mark');
      mark.className = m.kind === 'warning' ? 'warning' : 'error';
      if (this.current && this.current.start === m.start && this.current.end === m.end) mark.classList.add('current');
      mark.textContent = text.slice(m.start, Math.min(m.end, text.length)) || ' ';
      out.push(mark);
      at = Math.min(m.end, text.length);
    }
    // The trailing newline keeps a final empty line as tall as the textarea's.
    out.push(document.createTextNode(`${text.slice(at)}\n`));
    this.backdrop.replaceChildren(...out);
    // Match the textarea's text width when it shows a scrollbar.
    const t = this.textarea;
    const scrollbar = t.offsetWidth - t.clientWidth - (parseFloat(getComputedStyle(t).borderLeftWidth) * 2 || 0);
    this.backdrop.style.paddingRight = `calc(0.5rem + ${Math.max(0, scrollbar)}px)`;
    this.#syncScroll();
  }

  #syncScroll() {
    this.backdrop.scrollTop = this.textarea.scrollTop;
    this.backdrop.scrollLeft = this.textarea.scrollLeft;
  }
}
