// Serves a folder statically (sirv): by default the repository root, so pages
// import the package's own ESM build the way a user's page would.
import { createServer } from 'node:http';
import sirv from 'sirv';

const repository = new URL('..', import.meta.url).pathname;

// Resolves to {server, url}; port 0 picks a free port. `dev: false` serves
// the way a static host does (files listed once, cache headers).
export function serve({ port = 0, host = '127.0.0.1', root = repository, dev = true } = {}) {
  const handler = sirv(root, { dev, extensions: ['html'] });
  const server = createServer((req, res) => handler(req, res, () => {
    res.statusCode = 404;
    res.end('not found');
  }));
  return new Promise((done, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => done({ server, url: `http://${host}:${server.address().port}` }));
  });
}
