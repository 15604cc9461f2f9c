// npm start: serves the web demo and prints its URL. Only what the demo
// needs is served (scripts/demo-files.mjs and the fixture store), on
// 127.0.0.1, to requests for the host printed (scripts/serve.mjs).
import { demoPaths, FIXTURE_STORE } from './demo-files.mjs';
import { serve } from './serve.mjs';

const root = new URL('..', import.meta.url).pathname;
const only = [...demoPaths(root), FIXTURE_STORE];

const port = Number(process.env.PORT ?? 8080);
const { url } = await serve({ port, only }).catch((error) => {
  if (error.code !== 'EADDRINUSE') throw error;
  console.error(`port ${port} is busy; using a free one`);
  return serve({ port: 0, only });
});
console.log(`zarr-rectilinear demo: ${url}/web-demo/`);
console.log('Press Ctrl+C to stop.');
