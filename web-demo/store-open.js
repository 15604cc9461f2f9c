// Opens a node of a store by URL with the package's zarrita reader: an array
// or a group. A store whose root zarr.json carries consolidated metadata is
// read through withConsolidatedMetadata, so a group lists its arrays from
// that one read and they open with no further metadata request.

// {store, node, arrays, consolidated}: `arrays` lists the paths (relative to
// the node) of the arrays under a group, or null when the store has no
// consolidated metadata to list them from. `reuse` keeps the store of the
// last call for the same URL (picking a group's array reads no metadata).
let last = null;

export async function openNode(url, path, { signal, reuse = false } = {}) {
  const [zarr, { open, withMaybeConsolidatedMetadata }] = await Promise.all([import('zarrita'), import('../js/zarrita/index.js')]);
  const root = new URL(url.endsWith('/') ? url : `${url}/`, location.href).href;
  const store = reuse && last?.root === root ? last.store : await withMaybeConsolidatedMetadata(new zarr.FetchStore(root), { signal });
  last = { root, store };
  const consolidated = typeof store.contents === 'function';
  const node = await open(store, { path, signal });
  let arrays = null;
  if (node.kind === 'group' && consolidated) {
    const base = node.path === '/' ? '/' : `${node.path}/`;
    arrays = store.contents()
      .filter((entry) => entry.kind === 'array' && entry.path.startsWith(base))
      .map((entry) => entry.path.slice(base.length));
  }
  return { root, store, node, arrays, consolidated };
}

// Fills `select` with a group's arrays (values: their paths from the store's
// root) and gives the status line to show; hides it when nothing is listed.
export function listArrays(select, node, arrays, path) {
  const where = path || 'the root group';
  select.hidden = !arrays;
  if (!arrays) return `Opened ${where}: a group without consolidated metadata, so its arrays cannot be listed. Type an array's path.`;
  const base = node.path === '/' ? '' : `${node.path.slice(1)}/`;
  select.replaceChildren(
    Object.assign(document.createElement('option'), { value: '', textContent: `Pick one of ${arrays.length} arrays…` }),
    ...arrays.map((a) => Object.assign(document.createElement('option'), { value: `${base}${a}`, textContent: a })),
  );
  return `Opened ${where}: a group of ${arrays.length} arrays (${arrays.join(', ')}). Pick one.`;
}
