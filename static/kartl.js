// Progressive enhancement only: every page works without this file.
// Buttons with data-confirm ask before their form is sent (no inline script: the CSP forbids it).
document.addEventListener("submit", (event) => {
  const button = event.submitter;
  const question = button && button.dataset ? button.dataset.confirm : undefined;
  if (question && !window.confirm(question)) {
    event.preventDefault();
  }
});
