// npm start: serves the web demo and prints its URL.
import { serve } from './serve.mjs';

const port = Number(process.env.PORT ?? 8080);
const { url } = await serve({ port }).catch((error) => {
  if (error.code !== 'EADDRINUSE') throw error;
  console.error(`port ${port} is busy; using a free one`);
  return serve({ port: 0 });
});
console.log(`zarr-rectilinear demo: ${url}/web-demo/`);
console.log('Press Ctrl+C to stop.');
