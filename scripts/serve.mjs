// Serves a folder statically (sirv): by default the repository root, so pages
// import the package's own ESM build the way a user's page would.
//
// Whatever the folder, the server (docs/threat-model.md):
// - binds 127.0.0.1 unless told otherwise;
// - answers only requests whose Host is the one in the URL it gives back,
//   so a page on another site cannot read it through DNS rebinding;
// - never serves a dotfile or anything in a dot folder (.git/, .env), and
//   lists no folder;
// - with `only`, serves nothing but those paths (files, or folders and
//   what is under them), after resolving "." and ".." in the request.
import { createServer } from 'node:http';
import { posix } from 'node:path';
import sirv from 'sirv';

const repository = new URL('..', import.meta.url).pathname;

// The request's path, decoded as sirv decodes it and normalized as the
// file system would resolve it; null for one that cannot be served.
function requestPath(url) {
  let path = url.split(/[?#]/)[0];
  if (!path.startsWith('/')) return null;
  try {
    path = decodeURI(path);
  } catch {
    return null;
  }
  if (path.includes('\0') || path.includes('\\')) return null;
  return posix.normalize(path);
}

const hidden = (path) => path.split('/').some((step) => step.startsWith('.'));
const allowed = (path, only) => only.some((p) => path === `/${p}` || path.startsWith(`/${p}/`));

/**
 * Resolves to {server, url}; port 0 picks a free port. `dev: false` serves
 * the way a static host does (files listed once, cache headers).
 * @param {{ port?: number, host?: string, root?: string, dev?: boolean, only?: string[] }} [opts]
 */
export function serve({ port = 0, host = '127.0.0.1', root = repository, dev = true, only } = {}) {
  const handler = sirv(root, { dev, extensions: ['html'] });
  let expectedHost = '';
  const refuse = (res, status, text) => {
    res.statusCode = status;
    res.setHeader('Content-Type', 'text/plain; charset=utf-8');
    res.end(text);
  };
  const server = createServer((req, res) => {
    if (req.headers.host !== expectedHost) return refuse(res, 421, `this server answers only to Host ${expectedHost}`);
    const path = requestPath(req.url ?? '/');
    if (path === null || hidden(path) || (only && !allowed(path, only))) return refuse(res, 404, 'not found');
    req.url = encodeURI(path); // as checked: sirv serves this path and no other
    handler(req, res, () => refuse(res, 404, 'not found'));
  });
  return new Promise((done, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => {
      const { port: bound } = /** @type {import('node:net').AddressInfo} */ (server.address());
      expectedHost = `${host}:${bound}`;
      done({ server, url: `http://${expectedHost}` });
    });
  });
}
