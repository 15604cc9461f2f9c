// The explorer's state in the URL hash, so that a link reproduces the view:
//   #preset=spec-2d            or  #doc=<the metadata text>
//   &lenient=1 &axes=0,1 &at=0,5,0 &view=y0,y1,x0,x1 &index=20,15 &sel=0:10
// A preset's text is named, not repeated.
import { presetById, presetByText } from './presets.js';

const list = (text, parse) => (text ? text.split(',').map(parse) : null);

export function encodeState(state) {
  const p = new URLSearchParams();
  const preset = presetByText(state.text);
  if (preset) p.set('preset', preset.id);
  else p.set('doc', state.text);
  if (state.lenient) p.set('lenient', '1');
  if (state.axes) p.set('axes', state.axes.map((a) => (a === null ? '-' : a)).join(','));
  if (state.at?.some((v) => v !== 0)) p.set('at', state.at.join(','));
  if (state.view) p.set('view', [...state.view.y, ...state.view.x].map(String).join(',')); // shortest exact form
  if (state.index) p.set('index', state.index);
  if (state.selection) p.set('sel', state.selection);
  return p.toString();
}

// Only what the hash names; the caller fills in the rest.
export function decodeState(hash) {
  const p = new URLSearchParams(hash.replace(/^#/, ''));
  const out = {};
  if (p.has('doc')) out.text = p.get('doc');
  else if (p.has('preset') && presetById(p.get('preset'))) out.text = presetById(p.get('preset')).text;
  if (p.has('lenient')) out.lenient = p.get('lenient') === '1';
  const axes = list(p.get('axes'), (a) => (a === '-' ? null : Number(a)));
  if (axes?.length === 2 && axes.every((a) => a === null || Number.isInteger(a))) out.axes = axes;
  const at = list(p.get('at'), Number);
  if (at?.every(Number.isFinite)) out.at = at;
  const view = list(p.get('view'), Number);
  if (view?.length === 4 && view.every(Number.isFinite) && view[1] > view[0] && view[3] > view[2]) {
    out.view = { y: [view[0], view[1]], x: [view[2], view[3]] };
  }
  if (p.has('index')) out.index = p.get('index');
  if (p.has('sel')) out.selection = p.get('sel');
  return out;
}
