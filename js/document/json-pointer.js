// @ts-check
// JSON Pointers (RFC 6901) in JS: the one helper the package, the demo and
// the scripts use to build, take apart and follow them. Where a pointer's
// value lies in JSON text is the core's to say (locatePointers).

// One reference token, escaped: "~" as "~0", "/" as "~1".
export const pointerToken = (key) => String(key).replaceAll('~', '~0').replaceAll('/', '~1');

// The reference tokens of a pointer, unescaped; none for the root "".
export const pointerTokens = (pointer) => (pointer === '' ? [] : pointer.slice(1).split('/').map((token) => token.replaceAll('~1', '/').replaceAll('~0', '~')));

// The pointer of the value that encloses the one at `pointer` ("" for the root's own).
export const parentPointer = (pointer) => pointer.slice(0, pointer.lastIndexOf('/'));

// The value at a pointer of a parsed document, or undefined where there is none.
export const valueAt = (doc, pointer) => pointerTokens(pointer).reduce((v, token) => v?.[token], doc);
