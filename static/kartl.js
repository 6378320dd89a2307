// Progressive enhancement only: every page works without this file.
// Buttons with data-confirm ask before their form is sent (no inline script: the CSP forbids it).
document.addEventListener("submit", (event) => {
  const button = event.submitter;
  const question = button && button.dataset ? button.dataset.confirm : undefined;
  if (question && !window.confirm(question)) {
    event.preventDefault();
  }
});

// Forms marked data-autosubmit (choosing the game of a new tournament) reload on change; a
// select with data-clears="NAME" empties that field first (a new game starts from its own
// default variant). Without script the form's button does the same.
// Hidden fields marked data-carry take the value typed into the page's other form's field of
// the same name first (the new tournament's name, date and place survive a change of game).
document.querySelectorAll("form[data-autosubmit]").forEach((form) => {
  form.classList.add("js-auto");
  const carry = () => {
    form.querySelectorAll("input[data-carry]").forEach((hidden) => {
      const typed = document.querySelector(`form[method="post"] [name="${hidden.name}"]`);
      if (typed) {
        hidden.value = typed.value;
      }
    });
  };
  form.addEventListener("submit", carry);
  form.addEventListener("change", (event) => {
    const clears = event.target.dataset ? event.target.dataset.clears : undefined;
    if (clears && form.elements[clears]) {
      form.elements[clears].disabled = true;
    }
    carry();
    form.submit();
  });
});

// A file chosen for a registration list is read into its textarea (data-file-into="ID"), so
// the list goes with the form as text. An old Excel export in Windows-1252 is read as such.
document.querySelectorAll("input[type=file][data-file-into]").forEach((input) => {
  input.addEventListener("change", async () => {
    const target = document.getElementById(input.dataset.fileInto);
    const file = input.files && input.files[0];
    if (!target || !file) {
      return;
    }
    const bytes = await file.arrayBuffer();
    let text = new TextDecoder("utf-8").decode(bytes);
    if (text.includes("\uFFFD")) {
      text = new TextDecoder("windows-1252").decode(bytes);
    }
    target.value = text;
  });
});

// A button with data-print prints the page (the seating plan); without script, the browser's
// own print command does the same.
document.addEventListener("click", (event) => {
  if (event.target.closest && event.target.closest("[data-print]")) {
    window.print();
  }
});
