// @ts-check
// A finished chunk layout (js/layout/layout.js) as a standalone SVG document: the
// CLI's `inspect --svg` and the web demo's export. Every shape keeps its
// kind as its class, so a style sheet can select it.
import { FONT_SIZE, STYLE, crispLine } from './layout-style.js';

const round = (v) => Math.round(v * 100) / 100;
// Text as XML character data: markup escaped, and what XML 1.0 may not hold
// at all (C0 controls but tab and line ends, U+FFFE, U+FFFF, lone
// surrogates; valid in a JSON string, so in a dimension name) as U+FFFD.
const escapeXML = (s) => String(s)
  .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd')
  .replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]);

function svgShape(s) {
  const st = STYLE[s.kind] ?? {};
  const cls = `class="${s.kind}"`;
  if (s.type === 'rect') {
    const paint = s.stroke
      ? `fill="none" stroke="${st.stroke}" stroke-width="${st.width ?? 1}"${st.dash ? ` stroke-dasharray="${st.dash.join(' ')}"` : ''}`
      : `fill="${st.fill}"${s.opacity !== undefined ? ` fill-opacity="${round(s.opacity)}"` : ''}`;
    return `<rect ${cls} x="${round(s.x)}" y="${round(s.y)}" width="${round(s.width)}" height="${round(s.height)}" ${paint} shape-rendering="crispEdges"/>`;
  }
  if (s.type === 'line') {
    const { x1, y1, x2, y2 } = crispLine(s);
    const dash = st.dash ? ` stroke-dasharray="${st.dash.join(' ')}"` : '';
    return `<line ${cls} x1="${round(x1)}" y1="${round(y1)}" x2="${round(x2)}" y2="${round(y2)}" stroke="${st.stroke}" stroke-width="${st.width ?? 1}"${dash}/>`;
  }
  const rotate = s.rotate ? ` transform="rotate(${s.rotate} ${round(s.x)} ${round(s.y)})"` : '';
  return `<text ${cls} x="${round(s.x)}" y="${round(s.y)}" fill="${st.fill}" font-size="${st.size ?? FONT_SIZE}" text-anchor="${s.anchor ?? 'middle'}" dominant-baseline="central" stroke="${STYLE.halo}" stroke-width="2.5" stroke-linejoin="round" paint-order="stroke"${rotate}>${escapeXML(s.text)}</text>`;
}

export function layoutSVG(lay) {
  const body = [];
  /** @type {string | null} */
  let group = null;
  // Consecutive shapes of one type share a <g>, keeping paint order.
  for (const s of lay.shapes) {
    const name = s.type === 'rect' ? 'cells' : s.type === 'line' ? 'boundaries' : 'labels';
    if (group !== name) {
      if (group) body.push('</g>');
      body.push(`<g class="${name}">`);
      group = name;
    }
    body.push(svgShape(s));
  }
  if (group) body.push('</g>');
  const title = `Chunk layout of an array of shape [${lay.shape.map(String).join(', ')}]`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${lay.width}" height="${lay.height}" viewBox="0 0 ${lay.width} ${lay.height}" font-family="${escapeXML(STYLE.font)}">`,
    `<title>${escapeXML(title)}</title>`,
    `<desc>${escapeXML([`axes drawn: ${lay.axes.map((a) => (a === null ? '-' : a)).join(' (down), ')} (across)`, ...lay.notes].join('; '))}</desc>`,
    ...body,
    '</svg>',
    '',
  ].join('\n');
}
