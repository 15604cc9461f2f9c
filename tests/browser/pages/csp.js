// Page side of csp.test.mjs: runs the workload here and in a module worker,
// and only then the eval control (whose violation proves the listener works).
import { workload, evalIsBlocked } from '/tests/browser/pages/csp-workload.js';

const page = workload();
const worker = new Worker('/tests/browser/pages/csp-worker.js', { type: 'module' });
const fromWorker = await new Promise((resolve, reject) => {
  worker.onmessage = (e) => resolve(e.data);
  worker.onerror = (e) => reject(new Error(`worker failed: ${e.message}`));
});
// Let any violation event from the workload be delivered first.
await new Promise((resolve) => setTimeout(resolve, 100));
const violationsDuringWorkload = window.violations.slice();
const evalBlocked = evalIsBlocked();
await new Promise((resolve) => setTimeout(resolve, 100));
window.results = { page, fromWorker, violationsDuringWorkload, evalBlocked, violationsAfterControl: window.violations.slice() };
