// Worker side of csp.test.mjs: the same workload in a module Web Worker,
// which gets the policy from its own response header.
import { workload, evalIsBlocked } from '/tests/browser/pages/csp-workload.js';

const violations = [];
self.addEventListener('securitypolicyviolation', (e) => violations.push({ directive: e.violatedDirective, blockedURI: e.blockedURI }));
const settle = () => new Promise((resolve) => setTimeout(resolve, 100));
const results = workload();
await settle();
const violationsDuringWorkload = violations.slice();
const evalBlocked = evalIsBlocked();
await settle();
postMessage({ results, evalBlocked, violationsDuringWorkload, violationsAfterControl: violations.slice() });
