// Records every Content-Security-Policy violation on the page, before any
// module runs.
window.violations = [];
document.addEventListener('securitypolicyviolation', (e) => {
  window.violations.push({ directive: e.violatedDirective, blockedURI: e.blockedURI, sample: e.sample });
});
